"""A second set of memories and the ways people ask for them, for scripts/eval_meaning.py.

Written independently of meaning_cases.py, without reading it or the ranking code, and fixed
before any run: every second case is held out (never looked at while tuning). P: a query, the
memory that answers it (note, text), distractor memories, and names the query shares with the
memory on purpose. R_SPEAK / R_SILENT: turns before which recall should speak (and the fragment
it should bring) or stay silent.
"""

# ruff: noqa: E501
# fmt: off
# A second paraphrase set, written independently of meaning_cases.py (without reading it or the
# ranking code). Each case: query, target (note, text), distractors, names shared on purpose.
P = []
def c(q, note, text, *distract, names=()):
    P.append({"query": q, "target": {"note": note, "text": text},
              "distractors": [{"note": n, "text": t} for n, t in distract], "names": list(names)})

# home
c("who fixes our pipes?", "contacts", "Plumber: Marek Nowak, 0612 334 551 — repaired the boiler leak in March, fair prices.",
  ("contacts", "Electrician: Tom Briggs, 0612 998 120, rewired the kitchen in 2022."),
  ("contacts", "Window cleaner comes every second Tuesday, pay cash."))
c("when do the bins go out?", "house", "Rubbish collection is Thursday morning; recycling every other week (even weeks).",
  ("house", "Street sweeping on Mondays, don't park on the north side."),
  ("house", "Garden waste sacks are sold at the town hall."))
c("what's our wifi password?", "house", "Network Casa-Lenz, key tulip-harbor-92 (the router sticker has it too).",
  ("house", "Smart plugs are on the guest network, reset by holding the button 10 s."),
  ("house", "The alarm panel PIN changes every January."))
c("when is the rent due?", "money", "Pay the landlord 1,150 EUR by the 3rd of each month, standing order from the joint account.",
  ("money", "Council tax: 10 instalments, April to January."),
  ("money", "Electricity direct debit went up to 92 a month."))
c("how do I get the heating working again when it stops?", "house", "Boiler lockout: hold the red button 5 seconds, wait for the flame icon; if pressure is below 1 bar top it up with the grey tap.",
  ("house", "Radiator in the spare room rattles, bleed it in autumn."),
  ("house", "Thermostat schedule: 21 degrees 6-9 am and 5-11 pm."))
c("where's the spare key?", "house", "Lockbox behind the shed holds a front-door copy; its combination is in the family password manager.",
  ("house", "Bike lock combination is in the password manager too."),
  ("house", "Shed roof felt was replaced in 2021."))
c("how do I get hold of a roofer?", "contacts", "Dan Kelly, 07700 900456, patched the chimney flashing and gutters in 2023.",
  ("contacts", "Chimney sweep visits each October, book via the council list."),)
c("who cleans for us?", "house", "Rosa tidies on Fridays 9-12, 45 per visit, has her own key.",
  ("house", "Carpet shampoo machine can be hired at the hardware store."),)
c("what colour did we paint the living room?", "house", "Lounge walls: Farrow & Ball Elephant's Breath, satin finish, 2 tins left in the cellar.",
  ("house", "Kitchen tiles are Topps grey metro, 10x20."),
  ("house", "Bedroom curtains came from IKEA, blackout lining."))
c("when does the warranty on the fridge run out?", "house", "Samsung refrigerator guarantee lasts until 2026-05; receipt in the blue folder.",
  ("house", "Dishwasher salt goes in the bottom left compartment."),
  ("house", "Washing machine drum cleaning every two months."))
c("how do I turn on the sprinklers?", "garden", "Irrigation timer: hold MODE, set 6 am, 15 min per zone.",
  ("garden", "Lawn mower blade sharpened in April."),
  ("garden", "Tomatoes planted by the south fence."))
c("what's the door code for the building?", "house", "Entrance keypad code: in the password manager under Building; couriers use the back gate.",
  ("house", "Parcel locker at the corner shop, pickup within 3 days."),)
c("who's our internet provider?", "house", "Broadband with Virgin, 500 Mb, contract ends August, support line 150.",
  ("house", "Mobile plan: 20 GB a month with giffgaff."),)
c("how often should the plants get water?", "garden", "Fiddle-leaf fig: soak once a week; orchid: three ice cubes every Sunday.",
  ("garden", "Repot the monstera next spring."),)

# family and friends
c("what is Anna unable to eat?", "family", "Anna: severe nut allergy, EpiPen in her backpack — no almonds, peanuts or pesto.",
  ("family", "Anna's birthday is 12 May, she likes dinosaurs."),
  ("family", "Anna starts swimming lessons on Saturdays at 10."), names=("anna",))
c("how old is mum turning this year?", "family", "Mother's date of birth: 14 Aug 1961.",
  ("family", "Dad retired from the railway in 2020."),
  ("family", "Aunt Grete lives in Bremen, calls on Sundays."))
c("what size shoes does Leo wear?", "family", "Leo: EU 31 footwear, trainers from Decathlon fit best.",
  ("family", "Leo's school starts at 8:15, gate closes 8:25."),
  ("family", "Leo hates mushrooms."), names=("leo",))
c("who picks the kids up on Wednesdays?", "family", "Midweek school run: Grandad Jo collects both children at 3:30.",
  ("family", "Swimming club drop-off is Saturday at 9."),
  ("family", "After-school club costs 8 a session."))
c("what's the babysitter's rate?", "family", "Maya (sitter) charges 12 per hour, 15 after midnight; text her two days ahead.",
  ("family", "Nursery fees are paid termly by bank transfer."),)
c("how can I reach Grandpa?", "family", "Opa Jo doesn't text — ring the landline after 10 am.",
  ("family", "Jo's hearing aid batteries are size 312."),)
c("what did I get Tom for his birthday last year?", "friends", "Tom's 40th: bought him a Kindle and dinner at Nobu.",
  ("friends", "Tom moved to Leeds in June."),
  ("friends", "Tom's wife is Priya, they have twins."), names=("tom",))
c("what does Sarah like to drink?", "friends", "Sarah: oat flat white, no sugar; never alcohol.",
  ("friends", "Sarah works at the city library."),
  ("friends", "Sarah's son plays football with Leo."), names=("sarah",))
c("is Ben vegetarian?", "friends", "Ben stopped eating meat in 2023, fish is fine.",
  ("friends", "Ben owes me 30 from the concert."),
  ("friends", "Ben's band plays at the Crown on Friday."), names=("ben",))
c("when's our wedding anniversary?", "family", "Married 7 September 2015 in Porto.",
  ("family", "We met at Julia's party in 2011."),)
c("who is Mia's teacher?", "family", "Mia's class is with Mr Dunn, room 4B, email via the portal.",
  ("family", "Mia's swimming badge test is in June."),
  ("family", "Mia wants a hamster for Christmas."), names=("mia",))
c("what's the neighbours' dog called?", "house", "Next door's terrier is Pepper, friendly, barks at bikes.",
  ("house", "The couple opposite are the Okonkwos, both nurses."),)

# health
c("what meds am I on?", "health", "Daily: 50 mg sertraline in the morning, vitamin D 1000 IU with lunch.",
  ("health", "Flu jab done in October at the pharmacy."),)
c("when is my next dentist appointment?", "health", "Teeth cleaning booked 3 June 9:40 at Smile Clinic, Dr Okafor.",
  ("health", "Eye test due next spring at Specsavers."),
  ("health", "GP surgery opens at 8 for same-day calls."))
c("which doctor did I see about my knee?", "health", "Orthopaedic consult: Dr Reyes at St Mary's, meniscus tear, physio twice weekly.",
  ("health", "Sports massage with Ines helps my lower back."),)
c("am I allergic to any antibiotics?", "health", "Penicillin gives me hives — always tell the pharmacist.",
  ("health", "Hay fever season: cetirizine from April."),)
c("what's my blood type?", "health", "Donor card says O negative.",
  ("health", "Resting heart rate around 58."),)
c("what were my cholesterol results?", "health", "GP check: LDL 4.1, advised less red meat and a retest in 6 months.",
  ("health", "Blood pressure 128/82 in March."),)

# pets
c("how much does the dog eat?", "pets", "Biscuit gets 180 g of kibble twice a day, no table scraps.",
  ("pets", "Biscuit's lead and harness hang by the back door."),
  ("pets", "Luna only drinks from the fountain."))
c("when is the cat due for her jabs?", "pets", "Luna's vaccinations: next booster 2 October at Vet on Elm.",
  ("pets", "Luna's flea treatment is monthly, the spot-on kind."),
  ("pets", "Biscuit is insured with PetPlan."))
c("who looks after the animals when we travel?", "pets", "Neighbour Sara feeds Luna and walks Biscuit whenever we're away; leave 20 EUR a day.",
  ("pets", "Kennel on Mill Lane is fully booked in August."),)

# car
c("when does the car need servicing?", "vehicle", "Golf inspection due in November; last oil change at 84,000 km.",
  ("vehicle", "Winter tyres are stored at the garage on Bahnstr."),)
c("what's our licence plate?", "vehicle", "Registration: KL-MN 482.",
  ("vehicle", "Parking permit zone 4, renew online."),)
c("who insures the car?", "vehicle", "Vehicle cover with Allianz, policy 99-4410, renews 1 March.",
  ("vehicle", "Breakdown help: ADAC member number 7741 0021."),)
c("what tyre pressure should I use?", "vehicle", "Front 2.4 bar, rear 2.2 bar; add 0.2 when loaded for holidays.",
  ("vehicle", "Windscreen chip repaired for free in May."),)

# money and admin
c("how much did we pay for the house?", "money", "Flat purchase closed at 312,000 in 2019, notary fees 9,800.",
  ("money", "Mortgage fixed at 1.9% until 2029."),)
c("when are taxes due?", "money", "Self-assessment return deadline 31 January; accountant Priya needs receipts by mid-December.",
  ("money", "Pension contributions: 5% matched by employer."),)
c("which bank holds our savings?", "money", "Rainy-day fund sits at ING, 2.8% interest, access in one day.",
  ("money", "Current account with Barclays, overdraft 500."),)
c("what subscriptions am I paying for?", "money", "Monthly charges: Netflix 13.99, Spotify 10.99, iCloud 2.99, gym 35.",
  ("money", "Annual Amazon Prime renews in March."),)
c("how do I quit the gym?", "money", "FitHub membership ends only by written letter with 3 months' notice.",
  ("money", "Yoga classes are pay as you go."),)
c("where's our will?", "admin", "Testament signed 2021, original held by notary Fischer, copy in the safe.",
  ("admin", "Birth certificates are in the red folder."),)
c("what's my national insurance number?", "admin", "NI: QQ 12 34 56 C.",
  ("admin", "Driving licence photo must be renewed in 2031."),)
c("when do we get paid?", "work", "Salary lands on the 25th, or the Friday before if that's a weekend.",
  ("work", "Bonus is decided in the March review."),)

# travel
c("when does our flight leave?", "travel", "Lisbon trip: TAP TP1327 departs 07:05 on 18 July from Terminal 2, check in online 24h before.",
  ("travel", "Airport parking booked at Purple Parking, bay B."),
  ("travel", "Bring the adapter plugs, Portugal uses type F."))
c("where are we staying in Italy?", "travel", "Rome hotel: Albergo del Sole, Via del Corso 12, booked 3 nights.",
  ("travel", "Florence day trip by train, 1h30."),)
c("when does my passport expire?", "travel", "Travel document valid until 09/2027; renewal takes 6 weeks.",
  ("travel", "ESTA for the US was approved in 2023."),)
c("what's my frequent flyer number?", "travel", "Miles & More: 992 004 118 3.",
  ("travel", "Seat preference: aisle, near the front."),)

# food and hobbies
c("how does grandma make her soup?", "food", "Nan's chicken broth: whole bird, carrots, celery, parsley root; simmer 3 h, salt at the end.",
  ("food", "Sunday roast: lamb at 180 for 90 minutes."),)
c("what wine did we like at that restaurant?", "food", "Loved the 2019 Rioja Reserva at Casa Pepe, about 28 a bottle.",
  ("food", "Casa Pepe closes on Mondays."),)
c("when is book club?", "hobbies", "Reading group meets the last Friday of the month, next title is Piranesi.",
  ("hobbies", "Library card expires in December."),)
c("what size is my bike frame?", "hobbies", "Road cycle: 56 cm, saddle height 74 cm.",
  ("hobbies", "Running shoes: Pegasus 40, replace every 700 km."),)
c("when are my guitar lessons?", "hobbies", "Raúl teaches me fingerstyle on Mondays 6 pm, 40 per session; practise scales daily.",
  ("hobbies", "Piano tuner comes once a year."),)
c("how long do I cook rice?", "food", "Basmati: rinse, 1:1.5 water, 12 min lid on, rest 10.",
  ("food", "Pasta water: salt like the sea."),)
c("what are my goals for this year?", "personal", "2024 resolutions: run a half marathon, read 20 books, save 10%.",
  ("personal", "Journal every evening for five minutes."),)
c("what time does the pharmacy close?", "errands", "Chemist on Main St shuts at 7 pm weekdays, 1 pm Saturday.",
  ("errands", "Post office queue is shortest before 10."),)
c("how much should I tip the hairdresser?", "errands", "Barber Ahmed: cut 25, I usually leave 5 extra.",
  ("errands", "Dry cleaner needs 3 days for suits."),)
c("what's my shirt size?", "personal", "Clothing: M tops, 32/32 jeans, 43 EU shoes.",
  ("personal", "Prefer merino over cotton for hiking."),)
c("when are the school holidays?", "family", "Half-term break 28 Oct – 1 Nov; Christmas 20 Dec – 6 Jan.",
  ("family", "Parents' evening is 14 November."),)

# work
c("how do we ship a new release?", "work", "Deploy: tag vX.Y.Z on main, CI builds the image, then run `make promote ENV=prod`.",
  ("work", "Feature flags live in LaunchDarkly, project atlas."),
  ("work", "Rollback: redeploy the previous tag."))
c("who do I ring when production is down?", "work", "On-call this week: Dev (pager +44 7700 900123); escalate to Lina after 30 min.",
  ("work", "Status page is updated by the support lead."),)
c("what's the host for the staging database?", "work", "Pre-prod Postgres: pg-qa.internal:5432, read-only user 'viewer'.",
  ("work", "Redis cache flushes nightly at 2 am."),)
c("when is the team standup?", "work", "Daily sync 9:30 on Zoom, keep it under 15 minutes.",
  ("work", "Retro every second Friday afternoon."),)
c("who is my manager?", "work", "I report to Helen Park (VP Platform) since April.",
  ("work", "Mentor: Gabriel from the data team."),)
c("how many vacation days do I have left?", "work", "Annual leave: 11 still unused this year, 5 expire in March.",
  ("work", "Sick notes go to HR after three days."),)
c("what's the client's budget for the project?", "work", "Acme can spend at most 40k on the redesign, invoiced monthly.",
  ("work", "Acme's contact is Jordan, prefers calls to email."),)
c("why did we go with SQL?", "work", "Database decision: relational chosen because reports need joins and transactions; document DB rejected.",
  ("work", "Queue decision: SQS over Kafka for lower ops cost."),)
c("how do I get an expense reimbursed?", "work", "Claims: upload receipts to Concur within 30 days, manager approves, paid with the next salary.",
  ("work", "Travel must be booked through Egencia."),)
c("what's the code review rule?", "work", "Every PR needs two approvals and green CI before merge.",
  ("work", "Use squash commits on feature branches."),)
c("when's the quarterly planning?", "work", "Q3 roadmap session on 2 July, bring capacity estimates.",
  ("work", "All-hands is the first Monday of the month."),)
c("who owns billing?", "work", "Payments team (Omar's squad) maintains invoicing and charges.",
  ("work", "Search team is hiring two backend engineers."),)
c("are we still allowed to be remote?", "work", "Office days: Tuesday and Thursday mandatory from September, the rest from wherever.",
  ("work", "Desk booking uses the Robin app."),)
c("how do I change the API tokens?", "work", "Credentials refresh: run `vault write secret/rotate` every 90 days, then update the CI variables.",
  ("work", "VPN certificate expires each year in June."),)
c("what address do I put on invoices?", "work", "Bill to: Northwind GmbH, Hafenstr. 8, 20457 Hamburg, VAT DE123456789.",
  ("work", "Northwind pays net 30."),)
c("what time is it for our Asia colleagues?", "work", "Singapore office is UTC+8, overlap with us 8-10 am.",
  ("work", "New York team joins the Thursday call."),)
c("where are the design files?", "work", "Figma workspace Atlas has all the mockups; ask Jun for edit rights.",
  ("work", "Brand fonts are Inter and Source Serif."),)
c("how do I run the test suite on my machine?", "work", "Before pushing: `make check` (needs Docker up), takes about 4 min.",
  ("work", "CI runners are on GitHub Actions, 20 min limit."),)
c("what's our SLA with the customer?", "work", "Contract promises 99.9% uptime and a 4-hour response for P1 incidents.",
  ("work", "Support tickets come in through Zendesk."),)
c("who approved the budget increase?", "work", "CFO Martin signed off the extra 20k for tooling on 12 March.",
  ("work", "Finance closes the books on the 5th."),)
c("which laptop does IT give new hires?", "work", "Onboarding kit: MacBook Pro 14 M3, 32 GB, request via the helpdesk form.",
  ("work", "Monitors can be expensed up to 300."),)
c("how should I write commit messages?", "work", "Git log style: imperative subject under 60 chars, the body explains why.",
  ("work", "Branch names: feature/<ticket>-short-title."),)
c("what did the customer complain about?", "work", "Globex unhappy: dashboards load slowly and export drops rows — promised a fix by Friday.",
  ("work", "Globex renewal is due in Q4."),)

# preferences for the assistant
c("how do I like my code formatted?", "prefs", "Use 4-space indents and single quotes in JS; never tabs.",
  ("prefs", "Keep answers short, bullet points are fine."),)
c("which language should you reply in?", "prefs", "Answer in German unless I write in English.",
  ("prefs", "Use metric units."),)
c("can you push straight to main?", "prefs", "Never commit directly to the default branch; always open a PR.",
  ("prefs", "Run the linter before suggesting a diff."),)
c("how do I like my coffee?", "prefs", "Espresso, double, splash of cold milk — no sugar.",
  ("prefs", "Favourite tea is Earl Grey."),)
c("what's the easiest way to get to the office by train?", "work", "Commute: S3 from Hauptbahnhof to Ostkreuz, then a 5-minute walk.",
  ("work", "Bike parking in the basement, badge needed."),)
c("when do the clocks go back?", "personal", "Daylight saving ends the last Sunday of October.",
  ("personal", "Smoke alarm batteries: change when the time shifts."),)
c("where do we park for the match?", "hobbies", "Stadium days: Lot C off Ring Road, arrive before 6.",
  ("hobbies", "Season ticket seats: block 112, row F."),)
c("which printer ink do I buy?", "house", "HP OfficeJet 8015 takes 912XL cartridges.",
  ("house", "Paper shredder jams with staples."),)
c("how do I back up my laptop?", "house", "Time Machine to the grey WD disk every Sunday; photos also go to Backblaze.",
  ("house", "Old phone is in the drawer, factory reset."),)

# lexical controls: the query names words from the target
L = [
 ("Marek Nowak phone number", "Plumber: Marek Nowak"),
 ("TP1327 departure", "TAP TP1327"),
 ("Allianz policy number", "Allianz, policy 99-4410"),
 ("Elephant's Breath paint", "Farrow & Ball Elephant's Breath"),
 ("make promote prod", "make promote ENV=prod"),
 ("Concur receipts", "Concur within 30 days"),
 ("sertraline dose", "50 mg sertraline"),
 ("Albergo del Sole address", "Albergo del Sole"),
 ("Figma Atlas mockups", "Figma workspace Atlas"),
 ("Piranesi reading group", "Piranesi"),
 ("lockbox code", "Lockbox behind the shed"),
 ("Rioja Reserva Casa Pepe", "Rioja Reserva"),
 ("pg-qa postgres user", "pg-qa.internal"),
 ("Helen Park", "Helen Park (VP Platform)"),
 ("Backblaze photos", "Backblaze"),
 ("EpiPen", "EpiPen in her backpack"),
 ("Biscuit kibble", "180 g of kibble"),
 ("Smile Clinic booking", "Smile Clinic"),
 ("half marathon resolution", "half marathon"),
 ("Virgin broadband contract", "Broadband with Virgin"),
 ("Globex export rows", "export drops rows"),
 ("Casa-Lenz network key", "Network Casa-Lenz"),
 ("Nobu Kindle", "Kindle and dinner at Nobu"),
 ("penicillin hives", "Penicillin gives me hives"),
]

# recall: prompts before a turn; target is a fragment of the memory that should come up, or None for silence
R_SPEAK = [
 ("the kitchen sink is leaking again, who should I ring?", "Plumber: Marek Nowak"),
 ("I'm baking cookies for the kids' party and Anna is coming", "nut allergy"),
 ("getting ready to push the new version to prod", "make promote"),
 ("prod is throwing 500s everywhere, help", "On-call this week"),
 ("need to connect to the staging db to check a migration", "pg-qa.internal"),
 ("can you draft the invoice for Northwind?", "Bill to: Northwind"),
 ("what time should we leave for the airport for the Lisbon trip?", "TP1327"),
 ("my passport photo looks awful, should I renew early?", "Travel document valid"),
 ("the boiler is clicking and the radiators are cold", "Boiler lockout"),
 ("we ran out of Biscuit's usual food, how much should he get?", "180 g of kibble"),
 ("Luna needs to go to the vet soon I think", "Luna's vaccinations"),
 ("I'm about to write the commit for this change", "imperative subject"),
 ("help me reply to Globex's angry email", "Globex unhappy"),
 ("I want to cut some subscriptions to save money", "Monthly charges"),
 ("off to the dentist tomorrow, what time was it?", "Teeth cleaning booked"),
 ("Sarah is coming over for brunch, what should I offer her?", "oat flat white"),
 ("Ben's coming to the barbecue, should I buy burgers?", "stopped eating meat"),
 ("my knee is acting up again after the run", "Orthopaedic consult"),
 ("the pharmacist asked whether I react badly to any drugs", "Penicillin"),
 ("the car is making a weird noise, is it due a check?", "Golf inspection"),
 ("I'm doing my tax return this weekend", "Self-assessment"),
 ("open a pull request for the auth refactor", "two approvals"),
 ("we need childcare over half-term", "Half-term break"),
 ("the printer says it's low on ink", "912XL"),
 ("I'd like to donate blood next week", "O negative"),
 ("the kids drew on the lounge wall, we need to touch it up", "Elephant's Breath"),
 ("the fridge stopped cooling, can I get it repaired for free?", "refrigerator guarantee"),
 ("lost my Miles & More card", "992 004 118 3"),
 ("the roof is dripping into the attic", "Dan Kelly"),
 ("I need to claim back my train tickets from the conference", "Concur"),
 ("what should I cook when Anna visits?", "nut allergy"),
 ("booking the Rome trip, remind me which hotel", "Albergo del Sole"),
 ("set up the garden watering before we go away", "Irrigation timer"),
 ("the heating died again", "Boiler lockout"),
 ("who can feed the cat while we're in Lisbon?", "Neighbour Sara"),
]
R_SILENT = [
 "thanks, that's perfect", "good morning!", "haha nice one", "ok",
 "can you explain how a hash map works?", "write me a haiku about autumn rain",
 "what's 17 times 23?", "how are you doing today?", "translate 'good night' into Spanish",
 "sounds good, let's continue", "what's the capital of Australia?", "tell me a joke",
 "could you make that paragraph shorter?", "explain the difference between TCP and UDP",
 "never mind", "lol", "what's a good name for a goldfish?", "summarise the plot of Hamlet",
 "yes please", "why is the sky blue?", "how do I reverse a list in Python?",
 "nice weather today huh", "rephrase this to sound more formal: we're late",
 "what does 'ephemeral' mean?", "I'm bored", "who won the world cup in 2018?",
 "cheers mate", "give me three tips for better sleep", "convert 5 miles to km",
 "what's the weather like on Mars?", "brb", "write a regex that matches email addresses",
 "perfect, thank you so much!", "is a tomato a fruit?", "let me think about it",
]

# Parts, fixed before any run: every second case (odd index) is held out and never tuned on.
for _i, _p in enumerate(P):
    _p["part"] = "held" if _i % 2 else "tune"
