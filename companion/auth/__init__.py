"""Accounts and access: the owner, invited members, sign-in, and who may change what."""
