"""Concept-card answers and module-test records sync beside the lessons: what one device sends
reaches the other, attempts made on two devices add up, and a malformed record is refused by name."""

CARD = "concept:residual-connections"
TEST = "module-test:8"


def card(quizzes, times):
    return {"schema": 1, "concept": "residual-connections", "quizzes": quizzes, "quizTimes": times}


def module_test_record(device, attempts, best, passed, at):
    return {
        "schema": 1,
        "test": "8",
        "total": 6,
        "attempts": attempts,
        "attemptsBy": {device: attempts},
        "best": best,
        "passed": passed,
        "at": at,
    }


def send(device, documents, since=0):
    answer = device.post("progress", {"schema": 2, "lessons": documents, "since": since})
    assert answer.status_code == 200, answer.text
    return answer.json()


def test_a_card_answer_and_a_module_test_attempt_sent_by_one_device_reach_the_other(devices):
    laptop, phone = devices(2)
    laptop.create_account()
    phone.add_with_code(laptop.device_code())
    sent = send(
        laptop,
        {
            CARD: card({"q-residual": [2, 0]}, {"q-residual": 1000}),
            TEST: module_test_record("laptop", 1, 3, False, 1000),
        },
    )
    assert sent["refused"] == {}

    received = send(phone, {})["lessons"]
    assert received[CARD]["quizzes"] == {"q-residual": [2, 0]}
    assert received[TEST]["best"] == 3 and received[TEST]["attempts"] == 1

    # The phone takes the test twice and passes; the laptop's attempt is still counted.
    phone_record = module_test_record("phone", 2, 5, True, 2000)
    answer = send(
        phone, {TEST: {**phone_record, "attemptsBy": {"laptop": 1, "phone": 2}, "attempts": 3}}, sent["version"]
    )
    received = send(laptop, {}, sent["version"])["lessons"]
    assert received[TEST]["attempts"] == 3 and received[TEST]["best"] == 5 and received[TEST]["passed"] is True
    assert answer["refused"] == {}


def test_attempts_made_on_two_devices_without_seeing_each_other_add_up(devices):
    laptop, phone = devices(2)
    laptop.create_account()
    phone.add_with_code(laptop.device_code())
    send(
        laptop,
        {TEST: module_test_record("laptop", 2, 4, True, 1000), CARD: card({"q-residual": [1]}, {"q-residual": 1000})},
    )
    answer = send(
        phone,
        {TEST: module_test_record("phone", 1, 2, False, 1500), CARD: card({"q-residual": [0]}, {"q-residual": 1500})},
    )
    merged = send(laptop, {})["lessons"]
    assert merged[TEST]["attempts"] == 3 and merged[TEST]["best"] == 4 and merged[TEST]["passed"] is True
    assert merged[CARD]["quizzes"] == {"q-residual": [1, 0]}  # the later pick is the current one
    assert answer["refused"] == {}


def test_a_malformed_card_or_test_record_is_refused_by_name(devices):
    device = devices()
    device.create_account()
    answer = send(
        device,
        {
            CARD: {**card({"q": [0]}, {"q": 5}), "concept": "layer-and-block"},
            TEST: {**module_test_record("laptop", 1, 2, False, 5), "attempts": -1},
            "concept:bad/slug": card({}, {}),
            "module-test:8.6": {**module_test_record("laptop", 1, 2, False, 5), "at": 2**60},
        },
    )
    assert set(answer["refused"]) == {CARD, TEST, "concept:bad/slug", "module-test:8.6"}
    assert "says it is concept card 'layer-and-block'" in answer["refused"][CARD]
    assert "whole numbers" in answer["refused"][TEST]
    assert device.progress().json()["lessons"] == {}
