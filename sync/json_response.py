"""The service's one kind of answer body: JSON, written in ASCII."""

import json

from starlette.responses import JSONResponse as StarletteJSONResponse


class JSONResponse(StarletteJSONResponse):
    """JSON written in ASCII: a learner's code cut mid-emoji (a lone surrogate) is sent back as the
    \\ud83d it came as, where UTF-8 could not encode it at all."""

    def render(self, content):
        return json.dumps(content, separators=(",", ":")).encode("ascii")
