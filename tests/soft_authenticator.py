"""A passkey authenticator in software, so tests can run the real WebAuthn ceremonies without a browser.

It takes the options a relying party sends (as `json.loads(webauthn.options_to_json(...))` gives
them) and returns what the browser's `PublicKeyCredential.toJSON()` would: registration with
attestation "none" and an ES256 key, sign-in by a discoverable credential. Keyword arguments
make the faults tests need on purpose: another origin, another RP ID, no user verification, a
ceremony in a frame inside another site's page.
"""

import base64
import hashlib
import json
import secrets
import struct
from dataclasses import dataclass
from urllib.parse import urlsplit

import cbor2
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec

ES256 = -7  # COSE algorithm: ECDSA on P-256 with SHA-256
NONE_AAGUID = bytes(16)  # attestation "none" names no authenticator model
USER_PRESENT, USER_VERIFIED, BACKUP_ELIGIBLE, BACKED_UP, ATTESTED_CREDENTIAL = 0x01, 0x04, 0x08, 0x10, 0x40


class AuthenticatorError(Exception):
    """What the browser would reject with a DOMException (its name starts the message)."""


@dataclass
class SoftCredential:
    """One passkey: its private key, the RP it belongs to, the user it names, and its counter."""

    private_key: ec.EllipticCurvePrivateKey
    rp_id: str
    user_handle: bytes
    sign_count: int = 0


class SoftAuthenticator:
    """A platform authenticator holding passkeys, keyed by credential id.

    `synced=True` behaves like iCloud Keychain or Google Password Manager: the backup flags are
    set and the sign count stays 0, so copies on several devices (`copy_to`) all verify. Otherwise
    the count grows by one at each sign-in, as a device-bound key's does.
    """

    def __init__(self, synced=False):
        self.synced = synced
        self.credentials: dict[bytes, SoftCredential] = {}

    def create(self, options, origin, *, rp_id=None, user_verified=True, top_origin=None):
        """navigator.credentials.create(): a new passkey for options' RP and user, as its JSON response."""
        rp_id_of_options = options["rp"].get("id") or urlsplit(origin).hostname
        if not any(param["alg"] == ES256 for param in options["pubKeyCredParams"]):
            raise AuthenticatorError("NotSupportedError: the RP accepts no ES256 key")
        excluded = {from_base64url(c["id"]) for c in options.get("excludeCredentials", [])}
        if excluded & self.credentials.keys():
            raise AuthenticatorError("InvalidStateError: this authenticator already holds an excluded credential")
        credential_id = secrets.token_bytes(16)
        credential = SoftCredential(
            ec.generate_private_key(ec.SECP256R1()), rp_id_of_options, from_base64url(options["user"]["id"])
        )
        self.credentials[credential_id] = credential
        auth_data = (
            self._authenticator_data(rp_id or credential.rp_id, user_verified, ATTESTED_CREDENTIAL, 0)
            + NONE_AAGUID
            + struct.pack(">H", len(credential_id))
            + credential_id
            + cose_public_key(credential.private_key)
        )
        attestation = cbor2.dumps({"fmt": "none", "attStmt": {}, "authData": auth_data})
        public_key = credential.private_key.public_key().public_bytes(
            serialization.Encoding.DER, serialization.PublicFormat.SubjectPublicKeyInfo
        )
        response = {
            "clientDataJSON": to_base64url(client_data("webauthn.create", options["challenge"], origin, top_origin)),
            "attestationObject": to_base64url(attestation),
            "authenticatorData": to_base64url(auth_data),
            "publicKey": to_base64url(public_key),
            "publicKeyAlgorithm": ES256,
            "transports": ["hybrid", "internal"],
        }
        return public_key_credential(credential_id, response)

    def get(self, options, origin, credential_id=None, *, rp_id=None, user_verified=True, top_origin=None):
        """navigator.credentials.get(): a signed assertion by one of this authenticator's passkeys for the RP."""
        rp_id_of_options = options.get("rpId") or urlsplit(origin).hostname
        credential_id = self._choose_credential(options, rp_id_of_options, credential_id)
        credential = self.credentials[credential_id]
        if not self.synced:
            credential.sign_count += 1
        auth_data = self._authenticator_data(rp_id or credential.rp_id, user_verified, 0, credential.sign_count)
        client_data_json = client_data("webauthn.get", options["challenge"], origin, top_origin)
        signature = credential.private_key.sign(
            auth_data + hashlib.sha256(client_data_json).digest(), ec.ECDSA(hashes.SHA256())
        )
        response = {
            "clientDataJSON": to_base64url(client_data_json),
            "authenticatorData": to_base64url(auth_data),
            "signature": to_base64url(signature),
            "userHandle": to_base64url(credential.user_handle),
        }
        return public_key_credential(credential_id, response)

    def copy_to(self, other):
        """Put this authenticator's passkeys on `other` too, as a platform syncs them to a second device."""
        for credential_id, credential in self.credentials.items():
            other.credentials[credential_id] = SoftCredential(**vars(credential))

    def _choose_credential(self, options, rp_id, wanted):
        """The credential to sign with: `wanted`, else the first allowed one, else the first for the RP."""
        allowed = [from_base64url(c["id"]) for c in options.get("allowCredentials", [])]
        candidates = [
            credential_id
            for credential_id, credential in self.credentials.items()
            if credential.rp_id == rp_id
            and (not allowed or credential_id in allowed)
            and (wanted is None or credential_id == wanted)
        ]
        if not candidates:
            raise AuthenticatorError(f"NotAllowedError: no passkey here for RP {rp_id!r}")
        return candidates[0]

    def _authenticator_data(self, rp_id, user_verified, more_flags, sign_count):
        """rpIdHash | flags | signCount, the start of every authenticator data."""
        flags = USER_PRESENT | more_flags
        if user_verified:
            flags |= USER_VERIFIED
        if self.synced:
            flags |= BACKUP_ELIGIBLE | BACKED_UP
        return hashlib.sha256(rp_id.encode()).digest() + bytes([flags]) + struct.pack(">I", sign_count)


def cose_public_key(private_key):
    """The credential's public key as a COSE_Key: EC2 (kty 2), ES256, curve P-256 (crv 1), x and y."""
    numbers = private_key.public_key().public_numbers()
    return cbor2.dumps({1: 2, 3: ES256, -1: 1, -2: numbers.x.to_bytes(32, "big"), -3: numbers.y.to_bytes(32, "big")})


def client_data(ceremony, challenge, origin, top_origin=None):
    """clientDataJSON as Chromium serialises it, keys in the same order; top_origin: the ceremony ran
    in a frame of origin, inside a page of top_origin."""
    data = {"type": ceremony, "challenge": challenge, "origin": origin, "crossOrigin": top_origin is not None}
    if top_origin is not None:
        data["topOrigin"] = top_origin
    return json.dumps(data, separators=(",", ":")).encode()


def public_key_credential(credential_id, response):
    """The fields of PublicKeyCredential.toJSON() around an authenticator's response."""
    return {
        "id": to_base64url(credential_id),
        "rawId": to_base64url(credential_id),
        "type": "public-key",
        "response": response,
        "clientExtensionResults": {},
        "authenticatorAttachment": "platform",
    }


def to_base64url(data):
    """Base64url without padding, as WebAuthn's JSON forms use it."""
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


def from_base64url(text):
    """The bytes of an unpadded base64url string."""
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))
