"""Point the real discord.py at the double (Route.BASE and DiscordWebSocket.DEFAULT_GATEWAY), reversibly."""

from __future__ import annotations

from types import TracebackType
from typing import Any


def _targets() -> tuple[Any, Any]:
    import discord.http
    from discord.gateway import DiscordWebSocket

    for owner, attr in ((discord.http.Route, "BASE"), (DiscordWebSocket, "DEFAULT_GATEWAY")):
        if not hasattr(owner, attr):  # internal attributes: fail loudly if a discord.py upgrade removes them
            raise RuntimeError(f"discord.py no longer has {owner.__name__}.{attr}; the double cannot point at it")
    return discord.http.Route, DiscordWebSocket


class Pointing:
    """The applied overrides; restore() (or leaving the with-block) puts discord.com back."""

    def __init__(self, api_base: str, gateway_url: str) -> None:
        import yarl

        route, ws = _targets()
        self._saved = (route.BASE, ws.DEFAULT_GATEWAY)
        route.BASE = api_base
        ws.DEFAULT_GATEWAY = yarl.URL(gateway_url)
        self.active = True

    def restore(self) -> None:
        """Undo the overrides (idempotent)."""
        if self.active:
            route, ws = _targets()
            route.BASE, ws.DEFAULT_GATEWAY = self._saved
            self.active = False

    def __enter__(self) -> Pointing:
        return self

    def __exit__(self, exc_type: type[BaseException] | None, exc: BaseException | None,
                 tb: TracebackType | None) -> None:
        self.restore()

    async def __aenter__(self) -> Pointing:
        return self

    async def __aexit__(self, exc_type: type[BaseException] | None, exc: BaseException | None,
                        tb: TracebackType | None) -> None:
        self.restore()


def point_discord(api_base: str, gateway_url: str) -> Pointing:
    """Apply both overrides now and return a handle (also a context manager) that restores them."""
    return Pointing(api_base, gateway_url)
