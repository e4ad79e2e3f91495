"""Opt-in rate-limit buckets: X-RateLimit-* headers on every matching response, 429 (with Via) when exhausted."""

from __future__ import annotations

import re
from dataclasses import dataclass


@dataclass
class Bucket:
    """`limit` requests per `per` seconds for requests matching method and a path regex."""

    method: str
    pattern: str
    limit: int
    per: float
    name: str
    window_end: float = 0.0
    used: int = 0
    refused: int = 0

    def matches(self, method: str, path: str) -> bool:
        """Return True if the request falls in this bucket."""
        return self.method.upper() in ("*", method.upper()) and re.search(self.pattern, path) is not None

    def take(self, now: float) -> tuple[bool, int, float]:
        """Spend one request; return (allowed, remaining, reset_after)."""
        if now >= self.window_end:
            self.window_end, self.used = now + self.per, 0
        reset_after = self.window_end - now
        if self.used >= self.limit:
            self.refused += 1
            return False, 0, reset_after
        self.used += 1
        return True, self.limit - self.used, reset_after

    def headers(self, remaining: int, reset_after: float) -> dict[str, str]:
        """Return the headers discord.py's Ratelimit.update reads."""
        return {"X-RateLimit-Limit": str(self.limit), "X-RateLimit-Remaining": str(remaining),
                "X-RateLimit-Reset-After": f"{reset_after:.3f}", "X-RateLimit-Bucket": self.name}
