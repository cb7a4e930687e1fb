"""The write gate: sentence splitting, secret detection and redaction, role and noise screening."""

from __future__ import annotations

import json
import random
import re
import uuid
from datetime import datetime, timedelta, timezone

import pytest

from graphmem.gate import Screened, SecretMatch, find_secrets, redact, screen, split_sentences
from graphmem.model import Ignored, Refusal


def kinds(text: str) -> list[str]:
    return [m.kind for m in find_secrets(text)]


def digits(s: str) -> str:
    return re.sub(r"\D", "", s)


def reasons(r: Screened) -> list[str]:
    return [i.reason for i in r.ignored]


# ---- split_sentences ------------------------------------------------------------------


def test_split_chinese_sentence_ends():
    text = "我叫王磊。我住在长沙！你知道吗？我喜欢爬山；也喜欢游泳\n周末见…好的"
    assert split_sentences(text) == [
        "我叫王磊。",
        "我住在长沙！",
        "你知道吗？",
        "我喜欢爬山；",
        "也喜欢游泳",
        "周末见…",
        "好的",
    ]


def test_split_english_sentence_ends_keeps_question_mark():
    text = "I moved to Denver. Do you like it there? I love it!  Great"
    assert split_sentences(text) == ["I moved to Denver.", "Do you like it there?", "I love it!", "Great"]


@pytest.mark.parametrize(
    "text",
    [
        "Mr. Smith and Mrs. Jones met Dr. Lee at St. Mary's.",
        "I bring snacks, e.g. nuts, and drinks, i.e. water.",
        "She moved to the U.S. last year.",
        "I wake at 6 a.m. every day and sleep at 11 p.m. sharp.",
        "The rate went from 3.5 to 4.25 percent.",
        "Version 2.0.1 fixed it.",
        "My son Jr. plays chess.",
        "J. K. Rowling wrote it.",
    ],
)
def test_split_does_not_break_abbreviations_or_numbers(text):
    assert split_sentences(text) == [text]


def test_split_after_abbreviation_when_a_new_sentence_starts():
    assert split_sentences("We landed at 7 a.m. The hotel was nice.") == [
        "We landed at 7 a.m.",
        "The hotel was nice.",
    ]


def test_split_drops_empties_and_whitespace():
    assert split_sentences("   ") == []
    assert split_sentences("。。。\n\n  ") == ["。。。"]
    assert split_sentences("  hello there  ") == ["hello there"]


def test_split_ellipsis_and_mixed_punctuation():
    assert split_sentences("I was thinking... maybe Denver?! Yes.") == [
        "I was thinking...",
        "maybe Denver?!",
        "Yes.",
    ]
    assert split_sentences("算了……我明天再说吧") == ["算了……", "我明天再说吧"]


def test_split_keeps_url_query_marks():
    assert split_sentences("See https://example.com/a?b=1 for details.") == [
        "See https://example.com/a?b=1 for details."
    ]


def test_split_never_cuts_inside_a_pem_block():
    pem = "-----BEGIN RSA PRIVATE KEY-----\nMIIEowIBAAKCAQEA7x\nabc.def!\n-----END RSA PRIVATE KEY-----"
    parts = split_sentences(f"here it is\n{pem}\nI live in Paris.")
    assert parts == ["here it is", pem, "I live in Paris."]


# ---- secrets: payment cards -----------------------------------------------------------


@pytest.mark.parametrize(
    "number",
    [
        "4111111111111111",
        "4111 1111 1111 1111",
        "4111-1111-1111-1111",
        "5105 1051 0510 5100",
        "2223003122003222",
        "3782 822463 10005",
        "6011111111111117",
        "3530111333300000",
        "6200000000000005",
        "30569309025904",
    ],
)
def test_luhn_valid_card_caught_without_keyword(number):
    text = f"please hold on to {number} for me"
    found = find_secrets(text)
    assert [m.kind for m in found] == ["card_number"]
    assert text[found[0].start : found[0].end] == number
    assert digits(number) not in digits(redact(text))


@pytest.mark.parametrize(
    "text,secret",
    [
        ("记一下我的信用卡号 6222 0212 3456 7890 123。", "6222 0212 3456 7890 123"),
        ("银行卡：6217000012345678901", "6217000012345678901"),
        ("my debit card is 1234 5678 9012 3456", "1234 5678 9012 3456"),
        ("Visa 6222-6000-1234-5678 expires soon", "6222-6000-1234-5678"),
        ("6222021234567890123 是我的储蓄卡", "6222021234567890123"),
    ],
)
def test_card_keyword_catches_non_luhn_numbers(text, secret):
    assert kinds(text) == ["card_number"]
    out = redact(text)
    assert secret not in out and digits(secret) not in digits(out)
    assert "[REDACTED:card_number]" in out


def test_card_security_code_next_to_cvv():
    assert kinds("CVV: 123") == ["card_number"]
    assert kinds("背面安全码是 4321") == ["card_number"]


def test_non_luhn_long_number_without_keyword_is_not_a_card():
    assert kinds("order 1234567890123456 shipped") == []


# ---- secrets: identity numbers -------------------------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        "我的身份证号是11010519491231002X",
        "他的是 11010519491231002x 记一下",  # checksum alone is enough, lower-case x too
        "ID: 310115198510245673",
        "510108200002290017",
    ],
)
def test_chinese_resident_id_with_valid_checksum(text):
    assert kinds(text) == ["national_id"]
    assert "[REDACTED:national_id]" in redact(text)
    assert not re.search(r"\d{6}", redact(text))


def test_resident_id_bad_checksum_needs_keyword():
    assert kinds("身份证 110105194912310021") == ["national_id"]  # wrong check digit, keyword present
    assert "national_id" not in kinds("tracking 110105194912310021 arrived")


@pytest.mark.parametrize(
    "text",
    ["身份证 440304 19900307 123X", "我的身份证号码是 4403 0419 9003 0712 3X", "id 510108 20000229 0017"],
)
def test_grouped_resident_id(text):
    assert kinds(text) == ["national_id"]
    assert not re.search(r"\d{4}", redact(text))


def test_old_fifteen_digit_id():
    assert kinds("身份证号码：110105491231002") == ["national_id"]
    assert kinds("旧证 110105491231002") == ["national_id"]  # structure (region + yymmdd) is enough


@pytest.mark.parametrize(
    "text",
    [
        "SSN 123-45-6789",
        "my social security number is 123 45 6789",
        "ssn: 123456789",
        "it's 078-05-1120, keep it",
    ],
)
def test_us_ssn(text):
    assert kinds(text) == ["ssn"]
    assert not re.search(r"\d{4}", redact(text))


@pytest.mark.parametrize("text", ["000-12-3456", "666-12-3456", "123-00-4567", "123456789"])
def test_invalid_or_unkeyed_ssn_shapes_are_not_ssn(text):
    assert "ssn" not in kinds(text)


@pytest.mark.parametrize(
    "text,secret",
    [
        ("护照号 E12345678", "E12345678"),
        ("my passport number is C03005988", "C03005988"),
        ("Passport no. 123456789", "123456789"),
        ("护照号码是EA1234567，下个月到期", "EA1234567"),
    ],
)
def test_passport_numbers_near_keyword(text, secret):
    assert kinds(text) == ["passport"]
    assert secret not in redact(text)


def test_passport_year_is_not_a_passport_number():
    assert kinds("I renewed my passport in 2019") == []
    assert kinds("ticket E12345678 confirmed") == []


# ---- secrets: bank accounts -----------------------------------------------------------


@pytest.mark.parametrize(
    "text,secret",
    [
        ("银行账号：1234567890", "1234567890"),
        ("my account number is 000123456789", "000123456789"),
        ("IBAN GB82 WEST 1234 5698 7654 32", "GB82 WEST 1234 5698 7654 32"),
        ("send it to DE89370400440532013000 please", "DE89370400440532013000"),
        ("收款账户 6222 6000 1234 5678", "6222 6000 1234 5678"),
        ("account: 987654321012", "987654321012"),
        ("routing number 021000021", "021000021"),
    ],
)
def test_bank_accounts(text, secret):
    assert kinds(text) == ["bank_account"]
    assert secret not in redact(text)


def test_account_balance_is_not_an_account_number():
    assert kinds("账户余额 150000 元") == []
    assert kinds("my account has 3 devices") == []
    assert kinds("my account has 123456 followers") == []
    assert kinds("GB82 WEST 1234 5698 7654 33") == []  # fails mod 97, no keyword


# ---- secrets: passwords and PINs ------------------------------------------------------


@pytest.mark.parametrize(
    "text,secret",
    [
        ("My password is hunter2", "hunter2"),
        ("password: Tr0ub4dor&3", "Tr0ub4dor&3"),
        ("DB_PASSWORD=abc12345", "abc12345"),
        ("my gmail password is s3cret!x, don't tell", "s3cret!x"),
        ("I changed my password to Xyz_2024.", "Xyz_2024"),
        ("pwd: letmein99", "letmein99"),
        ("我的密码是abc123，帮我记住", "abc123"),
        ("支付密码 888888", "888888"),
        ("wifi密码：Qwerty!234", "Qwerty!234"),
        ("邮箱口令为 zxcvbnm", "zxcvbnm"),
        ("银行卡密码改成了 135790", "135790"),
        ("my PIN is 4321", "4321"),
        ("PIN码是 0420", "0420"),
        ("postgres://admin:s3cr3tPass@db.example.com/app", "s3cr3tPass"),
        ("password is: hunter22", "hunter22"),
        ("My password for Netflix: Summer2024!", "Summer2024"),
        ("my password for my bank account is Tiger#88, ok", "Tiger#88"),
        ("the password to the wifi is ilovecats", "ilovecats"),
        ("password hunter2", "hunter2"),
    ],
)
def test_passwords(text, secret):
    assert kinds(text) == ["password"]
    out = redact(text)
    assert secret not in out
    assert "[REDACTED:password]" in out


@pytest.mark.parametrize(
    "text,words",
    [
        ("my password is 'correct horse battery staple' ok", ["correct", "horse", "battery", "staple"]),
        ("我的密码是“芝麻 开门”", ["芝麻", "开门"]),
    ],
)
def test_quoted_password_is_redacted_whole(text, words):
    assert kinds(text) == ["password"]
    out = redact(text)
    assert all(w not in out for w in words)


@pytest.mark.parametrize(
    "text",
    [
        "I forgot my password.",
        "My password is too weak",
        "我想改一下密码",
        "密码太简单了",
        "密码是什么来着",
        "I use a password manager",
        "spin class at 6",
        "Pin the tab please",
    ],
)
def test_password_talk_without_a_password(text):
    assert kinds(text) == []


def test_pin_needs_a_separator_for_a_year_shaped_value():
    assert kinds("PIN: 2024") == ["password"]
    assert kinds("Pin 2024 on the map") == []


# ---- secrets: verification codes ------------------------------------------------------


@pytest.mark.parametrize(
    "text,secret",
    [
        ("我的手机验证码是482913，帮我记住。", "482913"),
        ("您的验证码为 9527，五分钟内有效", "9527"),
        ("482913是我的验证码", "482913"),
        ("动态码：00421788", "00421788"),
        ("OTP: 004217", "004217"),
        ("my one-time code is 771 204", "771 204"),
        ("2FA code 99887766", "99887766"),
        ("the verification code they texted me is 5521", "5521"),
        ("code is 123456", "123456"),
        ("Your login code: 3141", "3141"),
        ("Your Google verification code is G-482913", "482913"),
        ("code: 482-913", "482-913"),
    ],
)
def test_verification_codes(text, secret):
    assert kinds(text) == ["verification_code"]
    assert secret not in redact(text)


@pytest.mark.parametrize(
    "text",
    [
        "I set up 2FA in 2021",
        "my zip code is 94103",
        "我有123456个想法",
        "123456",
        "验证码5分钟内有效",
        "the error code is 404",
        "验证码发到了2026年买的新手机上",
    ],
)
def test_not_verification_codes(text):
    assert "verification_code" not in kinds(text)


# ---- secrets: API keys, tokens, private keys ------------------------------------------


@pytest.mark.parametrize(
    "text,secret",
    [
        ("Remember my API key sk-test-9f8e7d6c5b4a3928172635.", "sk-test-9f8e7d6c5b4a3928172635"),
        ("OPENAI_API_KEY=sk-proj-Ab12Cd34Ef56Gh78Ij90KlMnOp", "sk-proj-Ab12Cd34Ef56Gh78Ij90KlMnOp"),
        ("stripe: sk_live_51H8xYzAbCdEfGh12345", "sk_live_51H8xYzAbCdEfGh12345"),
        ("pk_live_a1B2c3D4e5F6g7H8 is public-ish", "pk_live_a1B2c3D4e5F6g7H8"),
        ("AKIAIOSFODNN7EXAMPLE", "AKIAIOSFODNN7EXAMPLE"),
        ("ghp_16C7e42F292c6912E7710c838347Ae178B4a works", "ghp_16C7e42F292c6912E7710c838347Ae178B4a"),
        ("gho_abcdefghijklmnopqrstuvwxyz0123456789", "gho_abcdefghijklmnopqrstuvwxyz0123456789"),
        ("github_pat_11ABCDEFG0123456789_abcdefghijk", "github_pat_11ABCDEFG0123456789_abcdefghijk"),
        (
            "slack xoxb-123456789012-1234567890123-AbCdEfGhIjKl",
            "xoxb-123456789012-1234567890123-AbCdEfGhIjKl",
        ),
        ("AIzaSyD3x4mpl3K3y_ABCDEFGHIJKLMNOPQRSTUV", "AIzaSyD3x4mpl3K3y_ABCDEFGHIJKLMNOPQRSTUV"),
        ("Authorization: Bearer abcdef0123456789ABCDEF", "abcdef0123456789ABCDEF"),
        (
            "token eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.dozjgNryP4J3jVmNHl0w5N_XgL0n3I9PlFUP0THsR8U ok",
            "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.dozjgNryP4J3jVmNHl0w5N_XgL0n3I9PlFUP0THsR8U",
        ),
        ("my webhook secret is Zx9Qw8Er7Ty6Ui5Op4As3Df2", "Zx9Qw8Er7Ty6Ui5Op4As3Df2"),
        ("服务的密钥：a8F3kL0pQ7rT2vX9yZ4bC6dE1", "a8F3kL0pQ7rT2vX9yZ4bC6dE1"),
        ("https://api.example.com/v1?api_key=9f8e7d6c5b4a", "9f8e7d6c5b4a"),
        (
            "aws_secret_access_key = wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY",
            "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY",
        ),
        ("api key 3f786850e387550fdab836ed7e6dc881", "3f786850e387550fdab836ed7e6dc881"),
        ("sk-ant-api03-Xy9_abcDEF123456ghiJKL7890", "sk-ant-api03-Xy9_abcDEF123456ghiJKL7890"),
        ("Zx9Qw8Er7Ty6Ui5Op4As3Df2Gh1Jk0LmNbVc is the token", "Zx9Qw8Er7Ty6Ui5Op4As3Df2Gh1Jk0LmNbVc"),
    ],
)
def test_api_keys_and_tokens(text, secret):
    assert kinds(text) == ["api_key"]
    out = redact(text)
    assert secret not in out
    assert "[REDACTED:api_key]" in out


@pytest.mark.parametrize(
    "text",
    [
        "The key to success is patience",
        "I got a token of appreciation",
        "It's no secret that I love jazz",
        "My favourite word is supercalifragilisticexpialidocious",
        "see https://github.com/psf/requests/blob/main/README.md",
        "email me at firstname.lastname.work2020@example.com",
        "commit 3f786850e387550fdab836ed7e6dc881de23001b fixed it",
        "the key file is config_production_2024.yaml",
        "primary key: customer_account_identifier_2",
        "import org.neo4j.dbms.api.DatabaseManagementServiceBuilder",
        "token count was 1111111111222222222233",
    ],
)
def test_ordinary_text_is_not_a_key(text):
    assert kinds(text) == []


def test_long_random_token_without_keyword():
    assert kinds("here you go: Zx9Qw8Er7Ty6Ui5Op4As3Df2Gh1Jk0LmNbVc") == ["api_key"]
    assert kinds("here you go: ThisIsMyVeryLongCamelCaseIdentifierName") == []


def test_pem_private_key_block():
    pem = "-----BEGIN OPENSSH PRIVATE KEY-----\nb3BlbnNzaC1rZXktdjEAAAAABG5vbmU=\n-----END OPENSSH PRIVATE KEY-----"
    text = f"my server key:\n{pem}\nthanks"
    assert kinds(text) == ["private_key"]
    out = redact(text)
    assert "b3BlbnNzaC1rZXktdjEAAAAABG5vbmU" not in out and "BEGIN" not in out
    assert out.endswith("[REDACTED:private_key]\nthanks")


def test_unterminated_pem_block_is_redacted_to_the_end():
    out = redact("-----BEGIN PRIVATE KEY-----\nMIIEvQIBADANBgkqhkiG9w0BAQEFAASC")
    assert out == "[REDACTED:private_key]"


def test_hex_private_key_next_to_keyword():
    text = "钱包私钥是 0x4c0883a69102937d6231471b5dbb6204fe5129617082792ae468d01a3f362318"
    assert kinds(text) == ["private_key"]


# ---- secrets: ordinary numbers are not secrets ----------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        "I was born in 1985 and I'm 41.",
        "我今年41岁，生日是10月1号",
        "I wake up at 7am every day",
        "It cost $1,299.99 on sale",
        "我们2026-01-05出发，2026-01-12回来",
        "my phone number is 138 0013 8000",
        "we have 123456 users",
        "Room 1203, building 7",
        "the population is 21,893,095",
        "I ran 5.5 km in 00:31:20",
        "价格是 3999 元",
        "order #2024-0001-77",
    ],
)
def test_ordinary_numbers_are_not_secrets(text):
    assert find_secrets(text) == []
    assert redact(text) == text


def test_machine_strings_are_not_card_pieces():
    """Timestamps, hex digests and ids are stored verbatim (a LangGraph item's record is
    JSON of them); digit runs inside them, or a "cc" inside a digest, once joined into a
    Luhn-valid "card in pieces" often enough to corrupt one record in twenty."""
    rng = random.Random(20261203)
    start = datetime(2024, 1, 1, tzinfo=timezone.utc)
    for _ in range(3000):
        at = (
            start + timedelta(seconds=rng.randrange(3 * 365 * 86400), microseconds=rng.randrange(10**6))
        ).isoformat()
        digest = f"{rng.getrandbits(128):032x}"
        uid = str(uuid.UUID(int=rng.getrandbits(128)))
        text = json.dumps(
            {"created_at": at, "digest": digest, "id": uid, "updated_at": at, "note": "card on file"}
        )
        assert find_secrets(text) == [], text
    # the pieces of a real card keep being found, next to the same kind of text
    assert kinds(f"at {at} my card starts with 4111 1111 and ends with 1111 1111") == ["card_number"] * 2


def test_full_width_digits_are_caught():
    assert kinds("验证码是４８２９１３") == ["verification_code"]
    assert kinds("卡号：６２２２　０２１２　３４５６　７８９０　１２３") == ["card_number"]


def test_secret_match_reason_never_contains_the_secret():
    samples = [
        "4111 1111 1111 1111",
        "身份证11010519491231002X",
        "SSN 123-45-6789",
        "password: hunter2",
        "验证码 482913",
        "sk-test-9f8e7d6c5b4a3928172635",
        "银行账号 1234567890",
        "护照 E12345678",
    ]
    for text in samples:
        (m,) = find_secrets(text)
        assert isinstance(m, SecretMatch)
        assert m.reason and text[m.start : m.end] not in m.reason
        assert not re.search(r"\d{4}", m.reason)


def test_multiple_secrets_in_one_message_are_ordered_and_all_redacted():
    text = "卡号4111111111111111，密码是abc123，验证码 9988"
    found = find_secrets(text)
    assert [m.kind for m in found] == ["card_number", "password", "verification_code"]
    assert [m.start for m in found] == sorted(m.start for m in found)
    out = redact(text)
    assert out == "卡号[REDACTED:card_number]，密码是[REDACTED:password]，验证码 [REDACTED:verification_code]"


# ---- screen: role gate ---------------------------------------------------------------


@pytest.mark.parametrize("role", ["assistant", "system", "tool"])
def test_non_user_roles_are_never_mined(role):
    r = screen("Got it, I'll keep in mind that you prefer window seats.", role=role)
    assert r.sentences == []
    assert r.ignored == [Ignored("Got it, I'll keep in mind that you prefer window seats.", "assistant_turn")]
    assert r.refused == []


def test_assistant_turn_still_redacts_and_refuses_secrets():
    r = screen("好的，已为您保存卡号 4111 1111 1111 1111。", role="assistant")
    assert r.sentences == []
    assert [x.kind for x in r.refused] == ["card_number"]
    assert "4111" not in r.redacted and "[REDACTED:card_number]" in r.redacted
    assert [i.reason for i in r.ignored] == ["assistant_turn"]
    assert "4111" not in r.ignored[0].text


# ---- screen: secret sentences ---------------------------------------------------------


def test_sentence_with_secret_is_not_mined_but_others_are():
    r = screen("I live in Ohio. My password is hunter2, and I love jazz. I have two cats.")
    assert r.sentences == ["I live in Ohio.", "I have two cats."]
    assert r.refused == [Refusal("password", find_secrets("password is hunter2")[0].reason)]
    assert (
        r.redacted == "I live in Ohio. My password is [REDACTED:password], and I love jazz. I have two cats."
    )


def test_every_secret_yields_one_refusal():
    r = screen("卡号 4111111111111111，验证码 123456。我叫李雷。")
    assert [x.kind for x in r.refused] == ["card_number", "verification_code"]
    assert r.sentences == ["我叫李雷。"]
    assert "4111111111111111" not in r.redacted and "123456" not in r.redacted


@pytest.mark.parametrize(
    "text,secret",
    [
        ("我的手机验证码是482913，帮我记住。", "482913"),
        ("记一下我的信用卡号 6222 0212 3456 7890 123。", "6222 0212 3456 7890 123"),
        ("My credit card number is 4111 1111 1111 1111, save it.", "4111 1111 1111 1111"),
        ("Remember my API key sk-test-9f8e7d6c5b4a3928172635.", "sk-test-9f8e7d6c5b4a3928172635"),
    ],
)
def test_eval_secret_messages(text, secret):
    r = screen(text)
    assert r.sentences == []
    assert len(r.refused) == 1
    assert secret not in r.redacted and digits(secret) not in digits(r.redacted)
    assert all(secret not in i.text for i in r.ignored)


@pytest.mark.parametrize(
    "secret_sentence,secret",
    [
        ("my password is hunter2", "hunter2"),
        ("验证码是 604519", "604519"),
        ("卡号 6222 0212 3456 7890 123", "6222 0212 3456 7890 123"),
        ("token ghp_16C7e42F292c6912E7710c838347Ae178B4a", "ghp_16C7e42F292c6912E7710c838347Ae178B4a"),
        ("身份证 11010519491231002X", "11010519491231002X"),
    ],
)
@pytest.mark.parametrize(
    "wrapper",
    ["{}", "嗯嗯，{}。今天好困啊", "hi! {}, what do you think?", "{}\nI live in Oslo.", "好的。{}？"],
)
def test_nothing_screen_returns_contains_the_secret(secret_sentence, secret, wrapper):
    r = screen(wrapper.format(secret_sentence))
    assert len(r.refused) == 1
    returned = [*r.sentences, *(i.text for i in r.ignored), *(x.reason for x in r.refused), r.redacted]
    assert all(secret not in t for t in returned)


# ---- screen: noise --------------------------------------------------------------------


@pytest.mark.parametrize(
    "text,reason",
    [
        ("hello!", "greeting"),
        ("Hey there 👋", "greeting"),
        ("good evening", "greeting"),
        ("早安～", "greeting"),
        ("下午好呀", "greeting"),
        ("在吗？", "greeting"),
        ("bye, see you tomorrow", "greeting"),
        ("thanks a lot!", "acknowledgement"),
        ("Cool, I'll give that a try!", "acknowledgement"),
        ("gonna check it out", "acknowledgement"),
        ("多谢啦", "acknowledgement"),
        ("ok 👌", "acknowledgement"),
        ("好滴", "acknowledgement"),
        ("了解了", "acknowledgement"),
        ("np", "acknowledgement"),
        ("cool cool", "acknowledgement"),
        ("sounds good!", "acknowledgement"),
        ("嗯呢", "acknowledgement"),
        ("🙏", "acknowledgement"),
        ("yep, makes sense", "acknowledgement"),
        ("lol", "filler"),
        ("hahaha", "filler"),
        ("呃……", "filler"),
        ("😂😂", "filler"),
        ("？？？", "filler"),
        ("umm", "filler"),
        ("Have a nice day!", "greeting"),
        ("周末愉快～", "greeting"),
        ("不用了谢谢", "acknowledgement"),
        ("2333", "filler"),
        ("Good luck!", "acknowledgement"),
        ("加油！", "acknowledgement"),
    ],
)
def test_phatic_messages_are_ignored_with_reason(text, reason):
    r = screen(text)
    assert r.sentences == []
    assert reasons(r) == [reason]
    assert r.refused == [] and r.redacted == text


@pytest.mark.parametrize("text", ["", "   ", "\n\t"])
def test_empty_message(text):
    r = screen(text)
    assert r.sentences == [] and reasons(r) == ["empty"]


@pytest.mark.parametrize(
    "text",
    [
        "What's the capital of Peru?",
        "北京今天限行吗",
        "明天会不会下雨",
        "你觉得我该买哪款手机？",
        "Do you know any good sushi places nearby",
        "Is it going to snow tomorrow",
        "Which laptop is better for coding?",
        "这个怎么用",
        "现在几点了",
        "推荐一本书呗？",
        "how do I reset my router",
        "那你呢",
        "我想知道明天天气",
        "I was wondering if you could help",
        "Which one is cheaper",
    ],
)
def test_questions_are_not_memories(text):
    r = screen(text)
    assert r.sentences == []
    assert reasons(r) == ["question"]


@pytest.mark.parametrize(
    "text,kept",
    [
        ("I'm vegan, what should I cook tonight?", "I'm vegan"),
        ("我对花生过敏，这个蛋糕能吃吗？", "我对花生过敏"),
        ("My daughter is turning 6 next week, any gift ideas?", "My daughter is turning 6 next week"),
        ("我老公不吃香菜，这道菜还能做吗？", "我老公不吃香菜"),
        ("I moved to Denver last month, where can I find good tacos?", "I moved to Denver last month"),
        ("我周末去爬山，你呢？", "我周末去爬山"),
        ("I'm lactose intolerant so what can I eat for breakfast?", "I'm lactose intolerant"),
    ],
)
def test_question_keeps_leading_first_person_clause(text, kept):
    r = screen(text)
    assert r.sentences == [kept]
    assert reasons(r) == ["question"]
    assert kept not in r.ignored[0].text


@pytest.mark.parametrize(
    "text",
    [
        "这个蛋糕看起来不错，能吃吗？",
        "我想问一下，北京明天下雨吗？",
        "Quick question, how long is the flight?",
    ],
)
def test_question_without_a_personal_lead_is_dropped_whole(text):
    assert screen(text).sentences == []


@pytest.mark.parametrize(
    "text",
    [
        "记住，我每周二晚上练瑜伽。",
        "帮我记一下：我老婆生日是3月5号",
        "别忘了我周三要去看牙医",
        "从现在开始叫我老王",
        "以后回答能不能简短点？",
        "Remember that our anniversary is June 12.",
        "Please note I'm lactose intolerant.",
        "Keep in mind I don't drive.",
        "Could you remember that my son's name is Leo?",
        "From now on, answer in Spanish.",
    ],
)
def test_remember_requests_pass_whole(text):
    r = screen(text)
    assert r.sentences == [text]
    assert r.ignored == []


@pytest.mark.parametrize(
    "text", ["你还记得我叫什么吗？", "Can you remember what I said about Paris?", "你记得我住哪吗"]
)
def test_asking_what_is_remembered_is_a_question(text):
    r = screen(text)
    assert r.sentences == [] and reasons(r) == ["question"]


@pytest.mark.parametrize(
    "text",
    [
        "今天好冷啊",
        "困死了",
        "现在好饿",
        "又下雪了",
        "今天天气真不错",
        "笑死我了",
        "so sleepy rn",
        "It's freezing outside",
        "I'm starving",
        "what a long day",
        "that's hilarious",
        "ugh so hot today",
        "I'm so bored right now",
        "好热啊今天",
        "It's raining again ugh",
        "Thanks, that's helpful!",
    ],
)
def test_transient_small_talk_is_dropped(text):
    r = screen(text)
    assert r.sentences == []
    assert "small_talk" in reasons(r)


@pytest.mark.parametrize(
    "text",
    [
        "I'm always cold, even in summer",
        "我很怕冷",
        "I get tired easily because of anemia",
        "我今天开始在新公司上班了",
        "I'm bored of my job at Initech",
        "今天是我生日",
        "我最近在学日语",
        "我每天下班都很累，因为通勤要两个小时",
        "I'm vegan",
        "我什么都吃",
        "When I was a kid I lived in Rome",
        "What I love most is sailing",
        "我不知道他为什么辞职",
        "It's my wife's birthday on Friday",
        "Which is why I moved to Berlin.",
        "I love Paris, which is where I met my wife.",
        "我就是喜欢嘛",
        "Will and I got married in 2019.",
        "Do remember I hate cilantro.",
        "How I cook rice: always with a bit of salt.",
        "我有点累了，想换个工作",
        "外面下雨了，所以我没去跑步",
    ],
)
def test_lasting_statements_pass(text):
    r = screen(text)
    assert r.sentences == [text]
    assert r.ignored == []


def test_leading_phatic_clause_is_peeled_off():
    r = screen("好的，我下周三去上海出差")
    assert r.sentences == ["我下周三去上海出差"]
    assert r.ignored == [Ignored("好的", "acknowledgement")]
    r = screen("Hi there, I'm Sam from Leeds.")
    assert r.sentences == ["I'm Sam from Leeds."]
    assert reasons(r) == ["greeting"]
    assert screen("ok so I switched to night shifts").sentences == ["I switched to night shifts"]


def test_greeting_with_a_name_is_a_greeting():
    r = screen("Hey Maria! Had a great time at the concert.")
    assert r.sentences == ["Had a great time at the concert."]
    assert reasons(r) == ["greeting", "greeting"]
    assert screen("你好，小李").sentences == []
    assert screen("你好我叫小明").sentences == ["我叫小明"]


@pytest.mark.parametrize(
    "text",
    [
        "Thanks for sharing the recipe!",
        "你好看",
        "你好像认识我哥哥",
        "Had an audition yesterday for a writing gig.",
    ],
)
def test_phatic_words_inside_content_are_not_peeled(text):
    assert screen(text).sentences == [text]


def test_mixed_message_sorts_each_sentence():
    r = screen("哈哈。我女儿叫朵朵，今年五岁。今天好热啊！她对芒果过敏。你觉得带她去哪玩好？")
    assert r.sentences == ["我女儿叫朵朵，今年五岁。", "她对芒果过敏。"]
    assert reasons(r) == ["filler", "small_talk", "question"]


@pytest.mark.parametrize(
    "text,reason",
    [
        ("嗯嗯", None),
        ("今天好困啊", "small_talk"),
        ("上海到杭州的高铁要多久？", "question"),
        ("hmm", "filler"),
        ("How tall is the Eiffel Tower?", "question"),
        ("ok cool, thx", "acknowledgement"),
    ],
)
def test_eval_noise_messages(text, reason):
    r = screen(text)
    assert r.sentences == []
    assert len(r.ignored) >= 1
    if reason:
        assert reason in reasons(r)
    else:
        assert set(reasons(r)) <= {"acknowledgement", "filler"}


@pytest.mark.parametrize(
    "text",
    [
        "好的，我已经记住您的偏好了，有需要随时找我！",
        "Got it, I'll keep in mind that you prefer window seats.",
    ],
)
def test_eval_assistant_messages(text):
    r = screen(text, role="assistant")
    assert r.sentences == [] and reasons(r) == ["assistant_turn"]


@pytest.mark.parametrize(
    "text",
    [
        "我在蓝鲸网络做运维。",
        "I'm a nurse at St. Mary's Hospital.",
        "我叫李娜，你可以叫我娜娜。",
        "Correction: I'm from Iowa, not Ohio.",
        "我今年40岁了。",
        "I relocated to Seattle last week.",
    ],
)
def test_eval_fact_messages_pass(text):
    assert screen(text).sentences == [text]


def test_screened_fields_are_always_populated():
    r = screen("I live in Oslo.")
    assert isinstance(r, Screened)
    assert r.sentences == ["I live in Oslo."] and r.ignored == [] and r.refused == []
    assert r.redacted == "I live in Oslo."


# ---- a password named a few words before its colon ----------------------------------


@pytest.mark.parametrize(
    ("text", "secret"),
    [
        ("车库的密码顺便存一下：7731#", "7731"),
        ("保险箱密码帮我记下来: Kx9-204", "Kx9-204"),
        ("公司打印机的密码先记着：pr1nt!", "pr1nt!"),
    ],
)
def test_a_password_a_few_words_before_its_colon_is_redacted(text: str, secret: str) -> None:
    assert "password" in kinds(text)
    assert secret not in redact(text)


@pytest.mark.parametrize(
    "text",
    [
        "密码忘了：怎么找回",
        "密码强度要求：至少十二位",
        "密码提示问题：第一只宠物的名字",
        "我把密码改了：不告诉你",
    ],
)
def test_words_after_a_password_remark_and_a_colon_stay(text: str) -> None:
    assert redact(text) == text


def test_secret_normalisation_maps_every_character_back() -> None:
    """`normalise` visits only the characters that fold; it must equal folding each one."""
    import random

    from graphmem.gate import secret_text as secret_gate

    def one_by_one(text: str) -> tuple[str, list[int]]:
        out, origin = [], []
        for i, ch in enumerate(text):
            folded = secret_gate._fold(ch) if ord(ch) > 127 else ch
            out.append(folded)
            origin.extend([i] * len(folded))
        return "".join(out), origin

    rng = random.Random(11)
    alphabet = list("ab 42，。！？　\u200b\u00ad②ｑｒ\ufb02é\u0301汉字\u2007\u202f\ufeff\U000e0061\n-—")
    for _ in range(3000):
        text = "".join(rng.choice(alphabet) for _ in range(rng.randint(0, 24)))
        folded, origin = secret_gate.normalise(text)
        want, want_origin = one_by_one(text)
        assert folded == want
        assert (origin if origin is not None else list(range(len(text)))) == want_origin


@pytest.mark.parametrize(
    "text",
    [
        "Wonderful, the train is late again. I just adore standing on platforms 🙄",
        "Sure, I love doing my taxes /s",
        "Oh yeah right, I really enjoy queueing for an hour",
        "I love cleaning the oven, said no one ever",
        "我最喜欢加班了呵呵",
    ],
)
def test_an_ironic_message_keeps_no_taste_but_is_kept(text: str, tmp_path) -> None:
    """Each message, read for its words alone, states a liking (the extractor finds one)."""
    from graphmem import Memory
    from graphmem.extract import RuleExtractor

    assert any(c.attribute == "likes" for c in RuleExtractor().extract([text]).candidates)

    m = Memory(tmp_path / "irony.db")
    r = m.remember("u", text, at="2026-02-01T10:00:00Z")
    assert not [f for f in r.added if f.attribute in ("likes", "dislikes")]
    assert any(i.reason == "irony" for i in r.ignored)
    assert r.episode_id is not None  # the message itself stays


def test_a_sincere_message_keeps_its_tastes(tmp_path) -> None:
    from graphmem import Memory
    from graphmem.gate import ironic

    m = Memory(tmp_path / "sincere.db")
    r = m.remember("u", "Honestly I LOVE hiking in the rain, not kidding!", at="2026-02-01T10:00:00Z")
    assert any(f.attribute == "likes" for f in r.added)
    assert not ironic("I'm not sure. Not today.") and not ironic("She said: yes, that's right")
