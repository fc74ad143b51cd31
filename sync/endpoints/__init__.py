"""The service's endpoints, by concern, each module a list of routes relative to where the service is mounted:

sign_in     GET session (who is signed in here, with the page's CSRF token);
            POST sign-in/begin|finish (a passkey this device holds), sign-out, sign-out-everywhere
accounts    POST accounts/begin|finish (a new account, with its first passkey); DELETE account
account_passkeys  GET passkeys (the account's, with the device each was added from);
            DELETE passkeys/ID (one removed, and the sessions it began ended; never the last)
devices     POST devices/code (signed in: a short code for adding another device);
            POST devices/begin|finish (a new passkey on this device, for the account the code names)
progress    GET progress?since=V (the lessons written after version V; 0: all);
            POST progress (merge the lessons, concept cards, module tests this browser changed, each
            accepted or refused on its own; answers those written after the version it names)
"""

from sync.endpoints import account_passkeys, accounts, devices, progress, sign_in

routes = [*sign_in.routes, *accounts.routes, *account_passkeys.routes, *devices.routes, *progress.routes]
