"""Another device on the home network, made on this machine: a network namespace joined by a veth pair.

A phone in the namespace reaches this machine through the pair's host end,
and (by a default route through it) at this machine's other addresses too,
as a phone on the Wi-Fi does. Only addresses made here, inside 10.203.0.0/16
(a private range), are used; nothing leaves the machine. The namespace and
the pair are removed afterwards, whatever happened.
"""

from __future__ import annotations

import ipaddress
import json
import os
import random
import shutil
import subprocess
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass

RANGE = ipaddress.ip_network("10.203.0.0/16")


@dataclass(frozen=True)
class Phone:
    """A namespace standing for a phone on the home network."""

    name: str
    """The namespace's name (``ip netns exec NAME ...`` runs a program on the phone)."""
    host_address: str
    """This machine's end of the pair: an address only the phone uses to reach it."""
    phone_address: str
    """The phone's own address."""

    def run(self, *command: str, **kwargs) -> subprocess.CompletedProcess:  # noqa: ANN003
        """Run a program on the phone (in the namespace)."""
        return subprocess.run(["ip", "netns", "exec", self.name, *command], **kwargs)

    def command(self, *command: str) -> list[str]:
        """The command line that runs a program on the phone (for Popen)."""
        return ["ip", "netns", "exec", self.name, *command]


def why_not() -> str | None:
    """Why no namespace can be made here (``None``: one can)."""
    if os.geteuid() != 0:
        return "making a network namespace needs root (it stands for another device on the home network)"
    if shutil.which("ip") is None:
        return "the `ip` command (Debian's iproute2) is missing; `make test` installs it"
    return None


def local_addresses() -> set[str]:
    """This machine's IPv4 addresses, as ``ip`` lists them."""
    listed = json.loads(subprocess.run(["ip", "-j", "-4", "addr"], check=True, capture_output=True, text=True).stdout)
    return {info["local"] for link in listed for info in link.get("addr_info", [])}


def _ip(*args: str, check: bool = True) -> subprocess.CompletedProcess:
    return subprocess.run(["ip", *args], check=check, capture_output=True, text=True)


@contextmanager
def phone_namespace() -> Iterator[Phone]:
    """A fresh namespace and veth pair on a /30 of :data:`RANGE` no interface here uses; removed afterwards."""
    tag = f"{os.getpid() % 100000}{random.randrange(100)}"
    name, host_end, phone_end = f"rummy-phone-{tag}", f"rph{tag}h", f"rph{tag}p"
    taken = local_addresses()
    while True:
        subnet = ipaddress.ip_network(f"10.203.{random.randrange(256)}.{4 * random.randrange(64)}/30")
        host_address, phone_address = (str(address) for address in subnet.hosts())
        if not taken & {host_address, phone_address}:
            break
    try:
        _ip("netns", "add", name)
        _ip("link", "add", host_end, "type", "veth", "peer", "name", phone_end)
        _ip("link", "set", phone_end, "netns", name)
        _ip("addr", "add", f"{host_address}/30", "dev", host_end)
        _ip("link", "set", host_end, "up")
        _ip("-n", name, "addr", "add", f"{phone_address}/30", "dev", phone_end)
        _ip("-n", name, "link", "set", phone_end, "up")
        _ip("-n", name, "link", "set", "lo", "up")
        # every other address goes to this machine: its network address answers from here, as from the Wi-Fi
        _ip("-n", name, "route", "add", "default", "via", host_address)
        yield Phone(name=name, host_address=host_address, phone_address=phone_address)
    finally:
        _ip("netns", "delete", name, check=False)  # takes the phone's end of the pair, and so the pair, with it
        _ip("link", "delete", host_end, check=False)
