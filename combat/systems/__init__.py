"""The built-in rule systems; importing this package registers them."""

from __future__ import annotations
