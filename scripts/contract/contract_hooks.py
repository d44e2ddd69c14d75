"""Schemathesis hooks for scripts/contract-test.sh."""
import os

import schemathesis

RUN_TOKEN_ID = os.environ.get("KIROKU_CONTRACT_TOKEN_ID", "")
# An id no token has: revoking it answers 404, which the contract documents.
ABSENT_TOKEN_ID = 999_999_999


@schemathesis.hook
def before_call(context, case, kwargs):
    """Revoking the token the run authenticates with would turn every later request into a 401, so a request that
    would revoke it revokes a token that does not exist instead. Runs in every phase, unlike the filter hooks."""
    if case.method.upper() == "DELETE" and case.operation.path == "/api/v1/tokens/{id}":
        if str((case.path_parameters or {}).get("id")) == RUN_TOKEN_ID:
            case.path_parameters["id"] = ABSENT_TOKEN_ID
