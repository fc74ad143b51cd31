"""The WebAuthn ceremonies, through the `webauthn` package: options to send, answers to verify.

Accounts use discoverable passkeys (resident keys), so that signing in asks for nothing: the
device offers the passkeys it holds for this site. The checks the standard asks for (challenge,
origin, RP ID, signature, user verification) are the package's; this module chooses the options,
refuses a ceremony run in another site's frame, and reads the signature counter itself: a counter
that goes backwards means a copy of the passkey exists, which is noted, not refused (refusing
would lock out whichever copy fell behind, often the genuine one, once a clone had jumped ahead).

User verification is required: the passkey is the account's only factor, and whoever holds it can
remove the account's other passkeys or delete it; a found security key, or a device borrowed
unlocked, must not be enough. Platform passkeys verify the user anyway; a security key asks for its PIN.
"""

import json
import logging

import webauthn
from webauthn.helpers import base64url_to_bytes, bytes_to_base64url, parse_client_data_json
from webauthn.helpers.structs import (
    AuthenticatorSelectionCriteria,
    PublicKeyCredentialDescriptor,
    ResidentKeyRequirement,
    UserVerificationRequirement,
)

log = logging.getLogger("sync.passkeys")


class PasskeyRefused(Exception):
    """The browser's answer does not verify; the message is for the learner."""


def registration_options(settings, account_id, name, existing_passkeys=()):
    """Options for creating a passkey for the account, and their challenge (base64url)."""
    options = webauthn.generate_registration_options(
        rp_id=settings.rp_id,
        rp_name=settings.rp_name,
        user_id=base64url_to_bytes(account_id),
        user_name=name,
        user_display_name=name,
        timeout=settings.ceremony_seconds * 1000,
        authenticator_selection=AuthenticatorSelectionCriteria(
            resident_key=ResidentKeyRequirement.REQUIRED, user_verification=UserVerificationRequirement.REQUIRED
        ),
        # A device that already holds one of the account's passkeys is not asked to make another.
        exclude_credentials=[PublicKeyCredentialDescriptor(id=base64url_to_bytes(key)) for key in existing_passkeys],
    )
    return json.loads(webauthn.options_to_json(options)), bytes_to_base64url(options.challenge)


def sign_in_options(settings):
    """Options for signing in with any of this site's passkeys the device holds, and their challenge."""
    options = webauthn.generate_authentication_options(
        rp_id=settings.rp_id,
        timeout=settings.ceremony_seconds * 1000,
        user_verification=UserVerificationRequirement.REQUIRED,
    )
    return json.loads(webauthn.options_to_json(options)), bytes_to_base64url(options.challenge)


def verify_new_passkey(settings, credential, challenge):
    """The passkey a registration answer creates ({id, public_key, sign_count}), or PasskeyRefused."""
    check_not_framed(credential)
    try:
        verified = webauthn.verify_registration_response(
            credential=credential,
            expected_challenge=base64url_to_bytes(challenge),
            expected_rp_id=settings.rp_id,
            expected_origin=list(settings.site_origins),
            require_user_verification=True,
        )
    except Exception as problem:  # the package raises several kinds, and malformed input raises others
        log.info("passkey registration refused: %s", type(problem).__name__)
        raise PasskeyRefused("This passkey could not be verified for this site. Try again.") from None
    return {
        "id": bytes_to_base64url(verified.credential_id),
        "public_key": bytes_to_base64url(verified.credential_public_key),
        "sign_count": verified.sign_count,
    }


def credential_id(credential):
    """The id of the passkey an answer claims to come from (checked by the signature afterwards)."""
    if not isinstance(credential, dict) or not isinstance(credential.get("id"), str):
        raise PasskeyRefused("The browser's answer names no passkey.")
    return credential["id"]


def verify_sign_in(settings, credential, challenge, passkey):
    """(the passkey's new signature counter, whether a copy of it signed) if the answer is its
    signature over this challenge, or PasskeyRefused."""
    user_handle = (
        credential.get("response", {}).get("userHandle") if isinstance(credential.get("response"), dict) else None
    )
    if user_handle and user_handle != passkey.account_id:
        raise PasskeyRefused("This passkey belongs to another account.")
    check_not_framed(credential)
    try:
        verified = webauthn.verify_authentication_response(
            credential=credential,
            expected_challenge=base64url_to_bytes(challenge),
            expected_rp_id=settings.rp_id,
            expected_origin=list(settings.site_origins),
            credential_public_key=base64url_to_bytes(passkey.public_key),
            credential_current_sign_count=0,  # the counter is compared below, where a copy is noted
            require_user_verification=True,
        )
    except Exception as problem:
        log.info("passkey sign-in refused: %s", type(problem).__name__)
        raise PasskeyRefused("This passkey's answer could not be verified for this site. Try again.") from None
    count, before = verified.new_sign_count, passkey.sign_count
    # Synced passkeys count 0 on every device; a device-bound one counts up, each copy on its own.
    return count, (count > 0 or before > 0) and count <= before


def check_not_framed(credential):
    """Refuse a ceremony the browser ran inside another origin's frame (clientData's crossOrigin):
    a page of another site could frame the site's and lead the learner through it."""
    try:
        response = credential["response"]
        client_data = parse_client_data_json(base64url_to_bytes(response["clientDataJSON"]))
    except Exception:  # malformed: the package's verification refuses it with its own message
        return
    if client_data.cross_origin:
        raise PasskeyRefused(
            "Passkeys work only on the site's own page, not inside another site's: open the site itself."
        )
