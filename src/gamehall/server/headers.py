"""The security headers of every HTTP answer: what a browser may load and run for the pages.

The pages load only their own scripts, styles and images and speak only to their own server,
so the Content-Security-Policy allows nothing else: a text a player wrote that got into a page
as markup could neither run a script nor send anything away. The pages may not be framed by
another site (clickjacking), a file is never sniffed as another type, and a link to another site
does not carry the page's address.

The API's browsable description (``/docs``, its files served by the server itself, not a CDN)
starts Swagger UI with a script written in its page: that page alone allows inline scripts.
"""

from starlette.datastructures import MutableHeaders
from starlette.types import ASGIApp, Message, Receive, Scope, Send

PAGES_POLICY = "; ".join(
    (
        "default-src 'self'",
        "script-src 'self'",
        "style-src 'self'",
        "img-src 'self' data:",
        "connect-src 'self'",
        "object-src 'none'",
        "base-uri 'none'",
        "form-action 'self'",
        "frame-ancestors 'none'",
    )
)
"""The pages' policy: their own files and server only (``connect-src 'self'`` covers their
WebSockets to the same host)."""
DOCS_POLICY = PAGES_POLICY.replace("script-src 'self'", "script-src 'self' 'unsafe-inline'")
"""The API description's page: Swagger UI is started by an inline script."""
DOCS_PATHS = ("/docs",)
ALWAYS = {
    "X-Content-Type-Options": "nosniff",
    "X-Frame-Options": "DENY",
    "Referrer-Policy": "same-origin",
}


class SecurityHeaders:
    """The middleware adding the headers to every HTTP answer that does not set them."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        path: str = scope["path"]
        policy = DOCS_POLICY if path.startswith(DOCS_PATHS) else PAGES_POLICY

        async def headed(message: Message) -> None:
            if message["type"] == "http.response.start":
                headers = MutableHeaders(scope=message)
                for name, value in (*ALWAYS.items(), ("Content-Security-Policy", policy)):
                    headers.setdefault(name, value)
            await send(message)

        await self.app(scope, receive, headed)
