"""Adapters that serve third-party optimizers through bobench's protocol."""
