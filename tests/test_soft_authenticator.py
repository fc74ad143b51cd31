"""The software authenticator against the real `webauthn` package: what it makes verifies, its faults do not."""

import json

import pytest
import webauthn
from webauthn.helpers.exceptions import InvalidAuthenticationResponse, InvalidRegistrationResponse
from webauthn.helpers.structs import (
    AuthenticatorSelectionCriteria,
    PublicKeyCredentialDescriptor,
    ResidentKeyRequirement,
    UserVerificationRequirement,
)

from tests.soft_authenticator import AuthenticatorError, SoftAuthenticator, from_base64url, to_base64url

RP_ID = "localhost"
ORIGIN = "http://localhost:8000"


def registration_options(exclude=()):
    """What the service would send to create a passkey, as the page receives it."""
    options = webauthn.generate_registration_options(
        rp_id=RP_ID,
        rp_name="gradlab",
        user_name="ada",
        exclude_credentials=[PublicKeyCredentialDescriptor(id=credential_id) for credential_id in exclude],
        authenticator_selection=AuthenticatorSelectionCriteria(
            resident_key=ResidentKeyRequirement.REQUIRED, user_verification=UserVerificationRequirement.REQUIRED
        ),
    )
    return options, json.loads(webauthn.options_to_json(options))


def authentication_options():
    """What the service would send to sign in with a discoverable passkey (no allowCredentials)."""
    options = webauthn.generate_authentication_options(
        rp_id=RP_ID, user_verification=UserVerificationRequirement.REQUIRED
    )
    return options, json.loads(webauthn.options_to_json(options))


def verify_registration(response, options, expected_rp_id=RP_ID):
    return webauthn.verify_registration_response(
        credential=response,
        expected_challenge=options.challenge,
        expected_rp_id=expected_rp_id,
        expected_origin=ORIGIN,
        require_user_verification=True,
    )


def verify_authentication(response, options, registered, sign_count=0):
    return webauthn.verify_authentication_response(
        credential=response,
        expected_challenge=options.challenge,
        expected_rp_id=RP_ID,
        expected_origin=ORIGIN,
        credential_public_key=registered.credential_public_key,
        credential_current_sign_count=sign_count,
        require_user_verification=True,
    )


def register(authenticator):
    """A passkey created on `authenticator` and the service's record of it."""
    options, options_json = registration_options()
    return verify_registration(authenticator.create(options_json, ORIGIN), options)


def test_a_new_passkey_verifies_as_none_attestation_of_an_es256_key():
    options, options_json = registration_options()
    response = SoftAuthenticator().create(options_json, ORIGIN)
    registered = verify_registration(response, options)
    assert registered.fmt == "none"
    assert registered.user_verified
    assert registered.sign_count == 0
    assert to_base64url(registered.credential_id) == response["id"]
    assert response["authenticatorAttachment"] == "platform"


def test_a_synced_passkey_says_it_is_backed_up():
    registered = register(SoftAuthenticator(synced=True))
    assert registered.credential_backed_up
    assert registered.credential_device_type == "multi_device"


def test_sign_in_verifies_and_names_the_user_and_the_count_grows():
    authenticator = SoftAuthenticator()
    options, options_json = registration_options()
    registered = verify_registration(authenticator.create(options_json, ORIGIN), options)
    for expected_count in (1, 2):
        sign_in, sign_in_json = authentication_options()
        response = authenticator.get(sign_in_json, ORIGIN)
        verified = verify_authentication(response, sign_in, registered, sign_count=expected_count - 1)
        assert verified.new_sign_count == expected_count
        assert from_base64url(response["response"]["userHandle"]) == options.user.id


def test_a_synced_passkey_signs_in_on_a_second_device():
    laptop, phone = SoftAuthenticator(synced=True), SoftAuthenticator(synced=True)
    registered = register(laptop)
    laptop.copy_to(phone)
    for device in (laptop, phone, laptop):
        sign_in, sign_in_json = authentication_options()
        assert verify_authentication(device.get(sign_in_json, ORIGIN), sign_in, registered).new_sign_count == 0


def test_a_device_bound_key_copied_and_used_on_both_is_caught_by_its_count():
    laptop, clone = SoftAuthenticator(), SoftAuthenticator()
    registered = register(laptop)
    laptop.copy_to(clone)
    sign_in, sign_in_json = authentication_options()
    verify_authentication(laptop.get(sign_in_json, ORIGIN), sign_in, registered, sign_count=0)
    sign_in, sign_in_json = authentication_options()
    with pytest.raises(InvalidAuthenticationResponse, match="sign count"):
        verify_authentication(clone.get(sign_in_json, ORIGIN), sign_in, registered, sign_count=1)


def test_registration_from_another_origin_is_rejected():
    options, options_json = registration_options()
    with pytest.raises(InvalidRegistrationResponse, match="origin"):
        verify_registration(SoftAuthenticator().create(options_json, "https://evil.example"), options)


def test_registration_for_another_rp_id_is_rejected():
    options, options_json = registration_options()
    with pytest.raises(InvalidRegistrationResponse, match="RP ID"):
        verify_registration(SoftAuthenticator().create(options_json, ORIGIN, rp_id="evil.example"), options)


def test_registration_answering_another_challenge_is_rejected():
    options, options_json = registration_options()
    other_options, _ = registration_options()
    with pytest.raises(InvalidRegistrationResponse, match="challenge"):
        verify_registration(SoftAuthenticator().create(options_json, ORIGIN), other_options)


def test_registration_without_user_verification_is_rejected_when_required():
    options, options_json = registration_options()
    with pytest.raises(InvalidRegistrationResponse, match="verif"):
        verify_registration(SoftAuthenticator().create(options_json, ORIGIN, user_verified=False), options)


def test_sign_in_from_another_origin_is_rejected():
    authenticator = SoftAuthenticator()
    registered = register(authenticator)
    sign_in, sign_in_json = authentication_options()
    with pytest.raises(InvalidAuthenticationResponse, match="origin"):
        verify_authentication(authenticator.get(sign_in_json, "https://evil.example"), sign_in, registered)


def test_sign_in_for_another_rp_id_is_rejected():
    authenticator = SoftAuthenticator()
    registered = register(authenticator)
    sign_in, sign_in_json = authentication_options()
    with pytest.raises(InvalidAuthenticationResponse, match="RP ID"):
        verify_authentication(authenticator.get(sign_in_json, ORIGIN, rp_id="evil.example"), sign_in, registered)


def test_sign_in_answering_another_challenge_is_rejected():
    authenticator = SoftAuthenticator()
    registered = register(authenticator)
    _, sign_in_json = authentication_options()
    other_sign_in, _ = authentication_options()
    with pytest.raises(InvalidAuthenticationResponse, match="challenge"):
        verify_authentication(authenticator.get(sign_in_json, ORIGIN), other_sign_in, registered)


def test_sign_in_with_a_tampered_signature_is_rejected():
    authenticator = SoftAuthenticator()
    registered = register(authenticator)
    sign_in, sign_in_json = authentication_options()
    response = authenticator.get(sign_in_json, ORIGIN)
    signature = bytearray(from_base64url(response["response"]["signature"]))
    signature[-1] ^= 0x01
    response["response"]["signature"] = to_base64url(bytes(signature))
    with pytest.raises(InvalidAuthenticationResponse, match="signature"):
        verify_authentication(response, sign_in, registered)


def test_sign_in_with_another_users_key_is_rejected():
    authenticator = SoftAuthenticator()
    register(authenticator)
    someone_else = register(SoftAuthenticator())
    sign_in, sign_in_json = authentication_options()
    with pytest.raises(InvalidAuthenticationResponse, match="signature"):
        verify_authentication(authenticator.get(sign_in_json, ORIGIN), sign_in, someone_else)


def test_it_signs_with_the_credential_asked_for_and_refuses_what_it_lacks():
    authenticator = SoftAuthenticator()
    register(authenticator)
    second = register(authenticator)
    _, sign_in_json = authentication_options()
    response = authenticator.get(sign_in_json, ORIGIN, credential_id=second.credential_id)
    assert from_base64url(response["rawId"]) == second.credential_id
    with pytest.raises(AuthenticatorError, match="NotAllowedError"):
        SoftAuthenticator().get(sign_in_json, ORIGIN)


def test_it_refuses_to_register_twice_when_the_rp_excludes_its_credential():
    authenticator = SoftAuthenticator()
    registered = register(authenticator)
    _, options_json = registration_options(exclude=[registered.credential_id])
    with pytest.raises(AuthenticatorError, match="InvalidStateError"):
        authenticator.create(options_json, ORIGIN)
