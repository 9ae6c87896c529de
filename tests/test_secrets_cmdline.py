"""A password given to a common tool on its command line is refused by every write door and
redacted where it was written: an LDAP tool's `-w`, keytool's `-storepass`, openssl's `-k`,
`zip`/`unzip -P`, `7z -p…`, `xfreerdp /p:`, `rdesktop -p`, `psexec -p`, `net use \\\\srv\\share
PASSWORD`, a value echoed into `sudo -S`, `passwd --stdin` or `chpasswd`, `wpa_passphrase`,
nmcli's `password`, a Dockerfile's `ENV NAME value`, a login in code (`auth=("admin", "…")`)
and curl's `--user`. What only looks like one is stored: another tool's option of the same
letter (`ps -p 1234`, `grep -w`, `ssh -p 2222`), the option without a value, text about the
option, and a variable or a placeholder in the value's place.
"""

from __future__ import annotations

import pytest

from conftest import git, refused_as_a_secret
from memctl.secrets.scan import redact, scan

PW = "Zq8mW2pLx91v"  # made up

# text, the secret it holds
SECRETS = [
    (f"ldapsearch -x -D cn=admin,dc=corp -w {PW} -b dc=corp", PW),
    (f"ldapmodify -x -D cn=admin,dc=corp -w '{PW}' -f change.ldif", PW),
    (f"ldapadd -x -D cn=admin,dc=corp -w {PW} -f add.ldif", PW),
    (f"ldapdelete -x -D cn=admin,dc=corp -w {PW} uid=bob,dc=corp", PW),
    (f"ldapwhoami -x -D cn=admin,dc=corp -w{PW}", PW),
    (f"keytool -list -keystore prod.jks -storepass {PW}", PW),
    (f"keytool -genkeypair -alias web -keystore k.jks -keypass {PW}", PW),
    ("keytool -importkeystore -srcstorepass Pf7tLm2qX -deststorepass Hb4nWz8cR", "Pf7tLm2qX"),
    ("keytool -importkeystore -srcstorepass Pf7tLm2qX -deststorepass Hb4nWz8cR", "Hb4nWz8cR"),
    (f"openssl enc -aes-256-cbc -in f -out f.enc -k {PW}", PW),
    (f"openssl pkcs12 -in cert.p12 -passin pass:{PW} -out cert.pem", PW),
    (f"unzip -P {PW} x.zip", PW),
    (f"zip -r -P {PW} backup.zip exports/", PW),
    (f"7z x vault.7z -p{PW}", PW),
    (f"7za a -p'{PW}' -mhe=on vault.7z docs/", PW),
    (f"xfreerdp /u:admin /p:{PW} /v:10.0.0.5", PW),
    (f"rdesktop -u admin -p {PW} 10.0.0.5", PW),
    (f"psexec \\\\srv01 -u admin -p {PW} cmd", PW),
    (f"PsExec64.exe \\\\srv01 -u corp\\admin -p {PW} cmd", PW),
    (f"net use \\\\srv\\share {PW} /user:admin", PW),
    (f"net use Z: \\\\srv\\share {PW} /user:corp\\admin /persistent:no", PW),
    (f"echo {PW} | sudo -S systemctl restart nginx", PW),
    (f"echo '{PW}' | sudo -u root -S apt-get update", PW),
    (f"sudo -S apt-get update <<< '{PW}'", PW),
    (f"echo {PW} | passwd --stdin deploy", PW),
    (f"echo 'deploy:{PW}' | chpasswd", PW),
    (f"echo deploy:{PW} | sudo chpasswd", PW),
    (f"wpa_passphrase HomeNet {PW}", PW),
    (f"nmcli dev wifi connect HomeNet password {PW}", PW),
    (f"nmcli con modify Office wifi-sec.psk {PW}", PW),
    (f"ENV DB_PASS {PW}", PW),
    (f"ENV API_TOKEN {PW}", PW),
    (f'ENV SECRET_KEY_BASE "{PW}"', PW),
    (f"ARG DB_PASSWORD={PW}", PW),
    (f'requests.get(url, auth=HTTPBasicAuth("admin", "{PW}"))', PW),
    (f'requests.get(url, auth=("admin", "{PW}"))', PW),
    (f"session.auth = ('svc-report', '{PW}')", PW),
    (f"curl -u admin:{PW} https://api.corp", PW),
    (f"curl --user admin:{PW} https://api.corp", PW),
    (f"wget --password={PW} https://files.corp/x", PW),
    (f"git clone https://sam:{PW}@git.corp/org/repo.git", PW),
    # cut short where a line was shortened (a log heading): what is left is still the password
    (f"please remember curl --user admin:{PW}…", PW),
]

# what only looks like a password on a command line
ORDINARY = [
    "7z x archive.7z -o/tmp/out",
    "7z x vault.7z -p (it asks)",
    "zip -r -P",
    "zip -r -P backup.zip dir/",
    "ps -p 1234 -o pid,cmd",
    "grep -w word notes.txt",
    "tar -p -xzf site.tar.gz",
    "use unzip -P to give the password, or leave it out to be asked",
    "unzip -P followed by the password extracts without asking",
    "ssh -p 2222 ops@bastion",
    "ldapsearch -x -b dc=corp uid=bob | grep -w mail",
    "ldapsearch -x -D cn=admin,dc=corp -W -b dc=corp",
    'ldapsearch -x -D cn=admin,dc=corp -w "$LDAP_PW" -b dc=corp',
    "ldapsearch -x -D cn=admin,dc=corp -w `cat /etc/ldap.secret`",
    "psexec \\\\srv -u admin -p $PW cmd",
    "keytool -list -keystore prod.jks -storepass <password>",
    "keytool -list -keystore prod.jks -storepass ****",
    "keytool -list -keystore prod.jks -storepass ${KS_PASS}",
    "keytool -list -keystore prod.jks -storepass:env KS_PASS",
    "keytool takes -storepass and -keypass",
    "unzip -P %ZIP_PASS% payroll.zip",
    "xfreerdp /u:admin /p:$env:RDP_PW /v:10.0.0.5",
    "openssl pkcs12 -passin env:P12_PASS -in a.p12",
    "openssl rsa -passin file:pw.txt -in key.pem",
    "echo $SUDO_PW | sudo -S apt-get update",
    "echo done | tee build.log",
    "echo key:value | jq .",
    "net use Z: \\\\srv\\share /persistent:yes",
    "net use \\\\srv\\share /delete",
    "wpa_passphrase HomeNet",
    "wpa_passphrase <ssid> <passphrase>",
    "nmcli dev wifi connect HomeNet password <pass>",
    "ENV DB_PASS ${DB_PASS}",
    "ENV PATH /usr/local/bin:$PATH",
    "ENV KEY_DIR /etc/keys",
    "ENV PASSENGER_APP_ENV production",
    "ENV KEYCLOAK_URL http://keycloak:8080",
    "ENV TOKENIZERS_PARALLELISM false",
    "ARG DB_PASSWORD",
    'auth=("admin", os.environ["PW"])',
    "requests.get(url, auth=('user', 'pass'))",
    "redis-cli takes -a and the password",
]


@pytest.mark.parametrize("text,secret", SECRETS, ids=range(len(SECRETS)))
def test_a_password_on_a_command_line_is_refused_by_log_and_nothing_is_committed(
    ws, cli, text, secret
):
    refused_as_a_secret(ws, cli, text)
    assert secret not in git(ws, "log", "-p", "--all")


@pytest.mark.parametrize("text,secret", SECRETS, ids=range(len(SECRETS)))
def test_the_redaction_covers_the_password_and_keeps_the_command(text, secret):
    redacted = redact(text)
    assert secret not in redacted and "[redacted:" in redacted
    assert redacted.startswith(text.split()[0])


@pytest.mark.parametrize(
    "text",
    [
        f"ldapsearch -x -D cn=admin,dc=corp -w {PW}",
        f"keytool -list -keystore prod.jks -storepass {PW}",
        f"7z x vault.7z -p{PW}",
        f"echo {PW} | sudo -S systemctl restart nginx",
        f"ENV DB_PASS {PW}",
    ],
)
def test_remember_and_add_refuse_it_too(ws, cli, text):
    """Refused (exit 3), no note written; remember's gate log keeps that it refused, never the
    password."""
    for args in (("remember", "-s", "user", "--", text), ("add", "lessons/ops", "--", text)):
        refused = cli(*args, code=3)
        assert "looks like it holds a secret" in refused.stderr, args
        assert PW not in refused.stdout + refused.stderr
    assert git(ws, "diff", "--name-only", "HEAD~1", "HEAD").split() == [".memctl/gate.jsonl"]
    assert PW not in git(ws, "log", "-p", "--all")
    assert not any(PW in f.read_text() for f in ws.root.rglob("*.md"))


@pytest.mark.parametrize("text", ORDINARY, ids=range(len(ORDINARY)))
def test_what_only_looks_like_a_password_option_is_stored(cli, text):
    assert scan(text) == []
    cli("log", "ops", "-m", text)


@pytest.mark.parametrize("text", ["zip -r -P", "redis-cli -h cache1 -a", "mysql -u root -p"])
def test_an_option_without_its_value_ends_a_remembered_entry_and_is_stored(ws, cli, text):
    """The entry's id follows the option in the stored line (`… -a ^k3x9`): not its value."""
    cli("remember", "-s", "user", "--", text)
    assert text in (ws.root / "semantic" / "inbox.md").read_text()
