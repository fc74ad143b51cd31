"""A passkey whose credential id is registered already is a 409 in JSON, and the log never holds a
statement's parameters (account ids, passkey ids, public keys)."""

import logging
import types
from unittest import mock

from tests import soft_authenticator
from tests.soft_authenticator import SoftAuthenticator, to_base64url
from tests.sync.device import Device


class SameIdAuthenticator(SoftAuthenticator):
    """An authenticator that gives its next passkey a credential id chosen in advance."""

    def __init__(self, credential_id):
        super().__init__()
        self.credential_id = credential_id

    def create(self, options, origin, **options_of_create):
        fixed = types.SimpleNamespace(token_bytes=lambda _count: self.credential_id)
        with mock.patch.object(soft_authenticator, "secrets", fixed):
            return super().create(options, origin, **options_of_create)


def test_a_passkey_id_another_account_uses_is_a_409_and_the_log_holds_no_parameter(start_service, caplog):
    service = start_service()
    ada = Device(service.url)
    ada.create_account("Ada").raise_for_status()
    (taken,) = ada.authenticator.credentials
    mallory, phone = (Device(service.url, authenticator=SameIdAuthenticator(taken)) for _ in range(2))
    with caplog.at_level(logging.DEBUG):
        answer = mallory.create_account("Mallory")
        # The service excludes Ada's passkeys; an authenticator that ignores the list meets the same 409.
        phone.authenticator.create = lambda options, origin: SameIdAuthenticator.create(
            phone.authenticator, {**options, "excludeCredentials": []}, origin
        )
        added = phone.add_with_code(ada.device_code())
    assert answer.status_code == 409 and "registered already" in answer.json()["error"]
    assert added.status_code == 409 and "registered already" in added.json()["error"]
    assert to_base64url(taken) not in caplog.text and "parameters" not in caplog.text.lower()
    mallory.http.cookies.clear()
    assert ada.sign_in().status_code == 200, "Ada's passkey still signs her in"
    for device in (ada, mallory, phone):
        device.close()
