"""Memories and the ways people ask for them, for scripts/eval_meaning.py.

Each case is (note, text, paraphrases, controls). A paraphrase shares no content word with the
memory (its text, its note's title or file name): the question a person asks months later, in
other words. A control uses the memory's own words, as a check that finding meaning costs
nothing when the words match. TUNE may be looked at while the ranking is tuned; HELD_OUT was
written with TUNE, before any tuning, and is only ever measured.

RECALL_SPEAK are turns a person might type before which a stored memory helps (recall should
speak and point at it); RECALL_SILENT are turns no memory answers (it should stay silent). Both
are held out.
"""

# ruff: noqa: E501  (data: one memory per line where it fits)
from __future__ import annotations

# (note, text, [paraphrase queries], [lexical control queries])
TUNE = [
    (
        "people/trades",
        "Jorge the plumber, 0612 448 903, fixed the kitchen leak in March",
        ["who do I call when a pipe bursts?", "the sink is dripping again, who came last time?"],
        ["Jorge plumber phone"],
    ),
    (
        "people/anna",
        "Anna is allergic to hazelnuts and walnuts; she carries an EpiPen",
        ["which of our friends can't have nuts?"],
        [],
    ),
    (
        "house/boiler",
        "Boiler service by Calor Heating, contract CH-88213, yearly visit in October",
        ["who looks after the furnace every autumn?"],
        ["Calor Heating contract"],
    ),
    (
        "paperwork/car",
        "Car insurance with Halvard Mutual, policy HM-5521-Z, renews 1 February",
        ["someone dented my vehicle, which company covers it?"],
        [],
    ),
    (
        "house/pets",
        "Miso the cat sees Dr. Okafor at Riverside Vet; vaccines due every May",
        ["where do we take the kitty for shots?"],
        ["Miso vaccines Riverside"],
    ),
    (
        "paperwork/mortgage",
        "Mortgage fixed rate of 3.1% ends in August 2027; broker is Lena Sousa",
        ["when does the home loan deal run out?", "who helped us get financing for the flat?"],
        [],
    ),
    (
        "tools/office",
        "Guest wifi at the office is LumenGuest; the password rotates every Monday",
        ["how do visitors get online at work?"],
        [],
    ),
    (
        "lessons/streaming",
        "Kafka consumer lag alerts at 50k messages: restart the consumer group "
        "with the drain script, never delete the topic",
        ["the event queue readers are falling behind, what's the fix?"],
        ["kafka consumer lag drain script"],
    ),
    (
        "people/brian",
        "Brian's daughter Maya starts university in Edinburgh this September",
        ["where is my colleague's kid going to college?"],
        [],
    ),
    (
        "people/sam-health",
        "Sam paused the Forma Club gym membership until January because of a knee injury",
        ["why did my partner stop exercising?"],
        [],
    ),
    (
        "tools/printer",
        "The home printer only works over USB since the firmware update; wifi printing is broken",
        ["why won't the inkjet take jobs over the network?"],
        [],
    ),
    (
        "paperwork/passports",
        "Sam's passport expires on 2027-03-14; renewal takes six weeks at the consulate",
        ["when does my travel document run out?"],
        ["passport renewal consulate"],
    ),
    (
        "house/bikes",
        "Bike lock code is in the family password manager; the spare key hangs in the garage by"
        " the fuse box",
        ["how do I open the padlock on my bicycle?"],
        [],
    ),
    (
        "people/landlord",
        "Rent goes to Mrs. Ferreira by bank transfer on the 3rd of each month",
        ["who do we pay for the apartment?"],
        ["rent Ferreira transfer"],
    ),
    (
        "lessons/vpn",
        "The corporate VPN drops every 8 hours; reconnect with sudo wg-quick up corp "
        "instead of rebooting",
        ["my work tunnel keeps disconnecting, how do I get it back?"],
        [],
    ),
    (
        "people/kids",
        "Leo's school pickup is 15:30 on weekdays and 12:30 on Wednesdays, gate B",
        ["what time do I collect my son from class midweek?"],
        [],
    ),
    (
        "tools/openweather",
        "The OpenWeather API key is kept in 1Password under weather-dashboard; "
        "free tier, 60 calls a minute",
        ["where's the secret for the forecast service?"],
        [],
    ),
    (
        "house/garden",
        "Water the tomatoes every second evening; the hose timer is set to 19:00",
        ["how often should the veggie plants get a drink?"],
        [],
    ),
    (
        "people/mum",
        "Mum's birthday is 12 June; she likes orchids and hates surprise parties",
        ["what should I get my mother for her special day?"],
        ["Mum birthday orchids"],
    ),
    (
        "paperwork/taxes",
        "Quarterly estimated tax is paid at https://tax.example.gov/estimated after "
        "logging in with the card reader",
        ["which website do I use to send the IRS money every three months?"],
        [],
    ),
    (
        "projects/atlas",
        "Atlas staging deploys need Brian's approval in the #atlas-release channel before 16:00",
        ["who has to sign off before we push to the test environment?"],
        [],
    ),
    (
        "lessons/postgres",
        "Never run a schema migration on the primary during business hours; use "
        "the 02:00 maintenance window",
        ["when is it safe to alter database tables?"],
        ["schema migration maintenance window"],
    ),
    (
        "people/dentist",
        "Dentist is Dr. Bergström at Smile Studio; cleanings every six months, last one in June",
        ["who takes care of my teeth?"],
        [],
    ),
    (
        "house/trash",
        "Recycling is collected on Tuesday mornings; glass goes to the bottle bank on Rua Verde",
        ["on what weekday is the rubbish picked up?"],
        [],
    ),
    (
        "travel/lisbon",
        "Flight to Lisbon TP1357 on 12 December, seat 14C, booking reference QX7YPL",
        ["what's my confirmation code for the Portugal trip?"],
        ["Lisbon flight booking reference"],
    ),
    (
        "lessons/cooking",
        "Sourdough starter needs feeding twice a day with equal flour and water; "
        "keep it on the top shelf",
        ["how do I look after the bread culture?"],
        [],
    ),
    (
        "people/neighbours",
        "The neighbour at number 14, Karin, has our spare house key",
        ["who can let me in if I'm locked out?"],
        [],
    ),
    (
        "work/payroll",
        "Expense reports are due by the 25th; receipts go to finance@acme.example with "
        "the project code",
        ["when do I have to hand in my reimbursement claims?"],
        [],
    ),
    (
        "work/oncall",
        "On-call rotation swaps on Mondays at 10:00; the pager is PagerDuty team core-infra",
        ["when does the duty week change hands?"],
        [],
    ),
    (
        "lessons/git",
        "Always rebase feature branches onto main before opening a pull request; squash "
        "fixup commits",
        ["how should I tidy my changes before asking for review?"],
        [],
    ),
    (
        "health/meds",
        "Take the blood pressure pill (amlodipine 5 mg) every morning with breakfast",
        ["when do I swallow my hypertension tablet?"],
        [],
    ),
    (
        "finance/savings",
        "Emergency fund target is six months of expenses, kept in the high-yield "
        "account at Nordbank",
        ["how much cash should sit aside for a rainy day?"],
        [],
    ),
    (
        "house/internet",
        "Home internet is Fibra Plus, 500 Mbps, support line 800 200 300, contract ends March 2027",
        ["who do I phone when the broadband is down?"],
        [],
    ),
    (
        "people/opa",
        "Visiting hours at Opa's care home are 10:00-12:00 and 15:00-18:00; sign in at reception",
        ["when can we go see granddad?"],
        [],
    ),
    (
        "work/team",
        "Priya leads the data platform team and prefers async updates in Slack over meetings",
        ["how does the analytics infrastructure boss like to be kept in the loop?"],
        [],
    ),
    (
        "lessons/writing",
        "Keep client emails under 150 words and put the ask in the first line",
        ["how long should my messages to customers be?"],
        [],
    ),
    (
        "hobbies/running",
        "Half marathon training: long run on Sundays, build up 1 km a week, race is 19 April",
        ["how should I prepare for the 21k?"],
        ["half marathon training"],
    ),
    (
        "house/kitchen-machines",
        "The dishwasher filter needs cleaning monthly; error E24 means the drain is blocked",
        ["the thing that washes plates flashes a code and won't empty"],
        [],
    ),
    (
        "work/security",
        "Laptop disk encryption must be on; IT checks FileVault status every quarter",
        ["do I need to protect my computer's drive?"],
        [],
    ),
    (
        "family/school",
        "Parent-teacher conference for Leo is 8 November at 17:00, room 12",
        ["when's the meeting about our son's progress?"],
        [],
    ),
    (
        "paperwork/insurance-home",
        "Home contents insurance is with Lindqvist, covers up to 40,000 EUR, excess 250",
        ["if burglars take our things, what's the payout limit?"],
        [],
    ),
    (
        "lessons/deploy",
        "Before every production deploy take a database backup and post in #ops",
        ["what's the checklist prior to shipping to live?"],
        [],
    ),
    (
        "people/clara",
        "Clara moved to Rotterdam in May; new address is Witte de Withstraat 40",
        ["where does my sister live now?"],
        [],
    ),
    (
        "travel/packing",
        "For long flights pack compression socks, a neck pillow and the universal adapter",
        ["what do I bring on an overnight plane trip?"],
        [],
    ),
    (
        "lessons/sleep",
        "No screens after 22:30 helps me fall asleep; the reading lamp is on a timer",
        ["tips for getting some rest at night"],
        [],
    ),
    (
        "finance/subscriptions",
        "Cancelled the gym app and Spotify Family; still paying for Netflix and iCloud 200 GB",
        ["which monthly services are we still charged for?"],
        [],
    ),
    (
        "work/clients",
        "Acme's contract renewal talks start in September; their procurement contact is Jonas Ek",
        ["who do I negotiate the extension with at that customer?"],
        [],
    ),
    (
        "house/heating",
        "Radiators upstairs need bleeding every autumn; the key is in the kitchen drawer",
        ["the heaters on the top floor are cold, what do I do?"],
        [],
    ),
    (
        "lessons/python",
        "Pin dependencies with a lock file; unpinned numpy broke the nightly build twice",
        ["why did our overnight compile job fail before?"],
        [],
    ),
    (
        "health/eyes",
        "Eye test due every two years; glasses prescription -2.25 left, -2.0 right",
        ["when should I get my vision checked?", "what's my lens strength?"],
        [],
    ),
]

HELD_OUT = [
    (
        "people/babysitter",
        "Babysitter Ines charges 12 euros an hour and needs two days' notice",
        ["who watches the children when we go out?", "how much do we pay the nanny?"],
        ["babysitter Ines euros"],
    ),
    (
        "house/water",
        "The main water shutoff valve is behind the washing machine in the utility room",
        ["there's a flood, where do I turn everything off?"],
        ["water shutoff valve"],
    ),
    (
        "work/vacation",
        "Annual leave requests go through Personio at least two weeks ahead; 27 days a year",
        ["how do I book time off?", "how many holidays do I get?"],
        ["annual leave Personio"],
    ),
    (
        "lessons/meetings",
        "Cancel recurring meetings that have had no agenda for three weeks",
        ["which standing calls should I drop from my calendar?"],
        ["recurring meetings agenda"],
    ),
    (
        "people/doctor",
        "GP is Dr. Haddad at Parkside Clinic; book online, same-day slots open at 8:00",
        ["how do I see a physician quickly?"],
        ["Haddad Parkside Clinic"],
    ),
    (
        "car/service",
        "The Golf needs an oil change every 15,000 km; last done at 82,300 km",
        ["when is the automobile due for maintenance?"],
        ["Golf oil change"],
    ),
    (
        "finance/pension",
        "Pension contributions are 5% matched by the employer; statement arrives each January",
        ["how much does my company add to my retirement savings?"],
        ["pension contributions matched"],
    ),
    (
        "house/alarm",
        "Alarm code is in the family password manager; the panel is behind the coat rack, call"
        " SecureNow if it triggers",
        ["how do I disarm the burglar system?"],
        ["alarm code panel"],
    ),
    (
        "work/ci",
        "Flaky integration tests: rerun once, then open a ticket tagged flaky with the job link",
        ["what if a pipeline check fails randomly?"],
        ["flaky integration tests ticket"],
    ),
    (
        "travel/japan",
        "Staying in Japan from 3 to 28 April: Tokyo first, then Kyoto and Osaka",
        ["how long will we be in Asia this spring?"],
        ["Japan Tokyo Kyoto Osaka"],
    ),
    (
        "people/coach",
        "Football practice for Mia is Thursdays 17:00 at the Eastside pitch; bring shin guards",
        ["when does my daughter have soccer?"],
        ["Mia football practice"],
    ),
    (
        "lessons/money",
        "Pay the credit card in full every month; the autopay is set for the 20th",
        ["how do I avoid interest charges?"],
        [],
    ),
    (
        "house/cleaning",
        "The cleaner comes every other Friday; leave 60 euros on the hall table",
        ["which day is the maid here and how much is she paid?"],
        [],
    ),
    (
        "work/oncall-runbook",
        "If the API latency alert fires, check the Redis memory first, then scale the workers",
        ["the service is slow and paging me, where do I start?"],
        [],
    ),
    (
        "health/allergy",
        "I react badly to penicillin; tell every new doctor and pharmacist",
        ["which antibiotics must I avoid?"],
        [],
    ),
    (
        "paperwork/visa",
        "Work visa renewal must be filed 90 days before it lapses on 30 September",
        ["when do I apply to extend my permit to stay?"],
        [],
    ),
    (
        "people/friends",
        "Tom and Lea are vegetarians; Lea also avoids gluten",
        ["what should I cook when the couple comes over?"],
        [],
    ),
    (
        "lessons/docker",
        "Prune old Docker images weekly; the CI runner disk filled up in March",
        ["the build machine ran out of space, what helps?"],
        [],
    ),
    (
        "house/parking",
        "Residents' parking permit renews online every January, plate AB-123-CD",
        ["how do I keep the right to leave the car on our street?"],
        [],
    ),
    (
        "work/onboarding",
        "New hires get laptop, badge and Okta access from Marta in IT on day one",
        ["who sets up equipment for someone joining the company?"],
        [],
    ),
    (
        "finance/income-tax",
        "Income tax return is due 30 June; the accountant is Rui at Contas Lda",
        ["when must the yearly filing to the revenue office be done?"],
        [],
    ),
    (
        "hobbies/guitar",
        "Practice scales for 15 minutes before songs; the capo lives in the gig bag",
        ["how should I warm up on my instrument?"],
        [],
    ),
    (
        "lessons/feedback",
        "Give feedback in private within a day, with one concrete example",
        ["how do I tell a colleague they messed up?"],
        [],
    ),
    (
        "people/uncle",
        "Uncle Pedro's phone number changed to +351 912 000 777",
        ["how can I reach my dad's brother?"],
        [],
    ),
    (
        "house/moving",
        "Movers booked for 14 August with Lisboa Mudanças, 680 EUR, deposit paid",
        ["which company is hauling our furniture to the new place?"],
        [],
    ),
]

# Turns before which a stored memory helps: (note of the memory, the turn). Held out.
RECALL_SPEAK = [
    ("people/babysitter", "we're going out Saturday night, can you line up someone for the kids?"),
    ("house/water", "help, water is pouring out under the sink!"),
    ("work/vacation", "I want to take the last week of July off, how do I request it?"),
    ("people/doctor", "I've had a fever for three days, I should see someone"),
    ("car/service", "the car is making a noise, is it due for a service?"),
    ("house/alarm", "the alarm went off and I don't remember the code"),
    ("work/ci", "the integration tests failed again on my branch, flaky?"),
    ("travel/japan", "what are our dates for the Japan trip?"),
    ("people/coach", "is Mia's football practice on Thursday this week?"),
    ("house/cleaning", "the cleaner is coming Friday, how much do I leave?"),
    ("work/oncall-runbook", "API latency alert just fired, what's the runbook?"),
    ("health/allergy", "the doctor wants to prescribe me amoxicillin, any concerns?"),
    ("paperwork/visa", "remind me when my work visa renewal has to be filed"),
    ("people/friends", "Tom and Lea are coming for dinner, what should I make?"),
    ("lessons/docker", "the CI runner disk is full again"),
    ("house/parking", "I got a parking ticket, did our residents permit lapse?"),
    ("finance/income-tax", "who is our accountant for the income tax return?"),
    ("people/uncle", "I need to call uncle Pedro"),
    ("house/moving", "when are the movers coming and did we pay the deposit?"),
    ("finance/pension", "how much does the employer match on my pension?"),
]

RECALL_SILENT = [
    "hey, how's it going?",
    "cool, thanks a lot",
    "what's the tallest building in the world?",
    "write me a short poem about the sea",
    "how do I make a pivot table in Excel?",
    "what does 'ephemeral' mean?",
    "can you explain quantum entanglement simply?",
    "what's 15% of 240?",
    "who won the 1998 World Cup?",
    "give me three ideas for a team offsite",
    "rewrite this paragraph to sound more formal",
    "what's a good name for a podcast about gardening?",
    "how do I undo the last git commit?",
    "translate 'where is the train station' into German",
    "morning! ready when you are",
    "that's perfect, nothing else for now",
    "what's the difference between a latte and a flat white?",
    "how many ounces are in a pound?",
    "summarize the French revolution in two sentences",
    "what's a regular expression for an email address?",
    "lol that's hilarious",
    "tell me something interesting about octopuses",
    "how do airplanes stay in the air?",
    "what are some good stretches for lower back pain?",
    "brb",
    "suggest a weekend reading list",
    "what's the speed of light?",
    "sounds great, go ahead",
    "can you format this as a bulleted list?",
    "why is the sky blue?",
    "what's the best way to learn Spanish?",
    "how do I write a cover letter?",
    "name a few famous jazz pianists",
    "explain the rules of chess briefly",
    "what's the capital of Australia?",
    "okay, let's continue",
    "is it better to rent or buy in general?",
    "how do I compute compound interest?",
    "what happened in the news about AI regulation?",
    "thanks, you're a lifesaver",
]
