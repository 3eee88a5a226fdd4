"""The entity graph as an Obsidian canvas (JSON Canvas 1.0, https://jsoncanvas.org).

Pure: items in, a canvas document out. One ``file`` node per entity page
(``entities/<name>.md``, as weaver/entities.py names them) and one edge per current fact
whose value names another entity, from the subject's node to the value's, labelled with
the attribute ("sister", "employer"); facts that name the same pair with the same
attribute share one edge. Nodes sit on rings around the best-connected entity, the more
connected nearer the middle, so the picture is the same for the same facts.
"""

from __future__ import annotations

import hashlib
import math
from collections import Counter
from collections.abc import Iterable
from typing import Any

from vaultweave.store.item import Item
from vaultweave.store.paths import safe_name
from vaultweave.weaver.entities import Entity, entities, entity_named
from vaultweave.weaver.entity_pages import FOLDER

CANVAS_FILE = "entities.canvas"
NODE_WIDTH, NODE_HEIGHT = 320, 200
RING_GAP = 460  # between rings, centre to centre


def relation_edges(found: dict[str, Entity]) -> list[tuple[str, str, str]]:
    """(subject stem, value stem, attribute) of every current fact linking two entities."""
    pairs: dict[tuple[str, str, str], None] = {}
    for stem, entity in sorted(found.items()):
        for item in sorted(entity.about, key=lambda i: (i.attribute, i.value)):
            named = entity_named(item)
            if not item.is_current or named is None:
                continue
            target = safe_name(named[0])
            if target in found and target != stem:
                pairs[(stem, target, item.attribute)] = None
    return list(pairs)


def entity_canvas(items: Iterable[Item]) -> dict[str, Any]:
    """The canvas document: ``{"nodes": [...], "edges": [...]}``."""
    found = entities(items)
    pairs = relation_edges(found)
    degree = Counter(s for pair in pairs for s in pair[:2])
    order = sorted(found, key=lambda s: (-degree[s], s))
    places = _rings(len(order))
    nodes = [
        {
            "id": _id("node", stem),
            "type": "file",
            "file": f"{FOLDER}/{stem}.md",
            "x": x - NODE_WIDTH // 2,
            "y": y - NODE_HEIGHT // 2,
            "width": NODE_WIDTH,
            "height": NODE_HEIGHT,
        }
        for stem, (x, y) in zip(order, places, strict=True)
    ]
    where = dict(zip(order, places, strict=True))
    edges = []
    for source, target, label in pairs:
        from_side, to_side = _sides(where[source], where[target])
        edges.append(
            {
                "id": _id("edge", f"{source}\x1f{target}\x1f{label}"),
                "fromNode": _id("node", source),
                "fromSide": from_side,
                "toNode": _id("node", target),
                "toSide": to_side,
                "toEnd": "arrow",
                "label": label,
            }
        )
    return {"nodes": nodes, "edges": edges}


def _id(kind: str, key: str) -> str:
    return hashlib.sha256(f"{kind}\x1f{key}".encode()).hexdigest()[:16]


def _rings(count: int) -> list[tuple[int, int]]:
    """Centres: the first at the origin, then rings of 6, 12, 18 ... places."""
    places = [(0, 0)] if count else []
    ring = 1
    while len(places) < count:
        slots = min(6 * ring, count - len(places))
        for n in range(slots):
            angle = 2 * math.pi * n / slots - math.pi / 2
            radius = ring * RING_GAP
            places.append((round(radius * math.cos(angle)), round(radius * math.sin(angle))))
        ring += 1
    return places


def _sides(start: tuple[int, int], end: tuple[int, int]) -> tuple[str, str]:
    """The sides of two nodes that face each other."""
    dx, dy = end[0] - start[0], end[1] - start[1]
    if abs(dx) >= abs(dy):
        return ("right", "left") if dx >= 0 else ("left", "right")
    return ("bottom", "top") if dy >= 0 else ("top", "bottom")
