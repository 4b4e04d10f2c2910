"""Kept for importers: laying off and taking jokers now live in :mod:`companion.rules.layoff`."""

from .layoff import ExchangeRuling, LayOffRuling, check_joker_exchange, check_lay_off

__all__ = ["ExchangeRuling", "LayOffRuling", "check_joker_exchange", "check_lay_off"]
