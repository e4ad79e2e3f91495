"""Fray's rule-system tables, ``data/<system>/*.toml``; installed as the package ``fray_data`` (see setup.py)."""
