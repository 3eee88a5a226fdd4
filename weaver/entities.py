"""Entities: the people, organisations, places and pets that facts name, as pages.

Pure: items in, Markdown out. A subject is a person; a value is an entity when its
attribute says what it names (``employer`` an organisation, ``lives_in`` a place,
``sister`` a person, ``pet`` "a dog named Rex" the pet Rex). One page per entity,
``entities/<name>.md``: flat front matter Obsidian's Properties panel can type (``type``,
``aliases``, ``tags``, ``updated`` as a date, current single values), current facts by
attribute, relations as wikilinks both ways, history per attribute, and a Mermaid
timeline of every attribute whose value changed. Each fact bullet ends in its item's
block id (``^<item-id>``), as on category pages: ``## Current`` is read back
(weaver/entity_parse.py, weaver/entity_edits.py); the rest is a record of the facts.
"""

from __future__ import annotations

import re
from collections import defaultdict
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from datetime import datetime, timezone

import yaml
from vaultweave.store.errors import UnsafeNameError
from vaultweave.store.item import Item, Status
from vaultweave.store.paths import safe_name
from vaultweave.store.sanitize import fact_text
from vaultweave.weaver.attributes import PERSON_ATTRIBUTES, is_single_valued
from vaultweave.weaver.markdown_parse import is_tag
from vaultweave.weaver.render import template

ORGANISATION_ATTRIBUTES = frozenset(("employer", "studies_at"))
PLACE_ATTRIBUTES = frozenset(("lives_in", "hometown"))
_NAMED = re.compile(r"\bnamed ([^\W\d_][\w'-]*)", re.UNICODE)
_UNSAFE_TIMELINE = re.compile(r"[:#;\n\r]+")
_NOT_LABEL = re.compile(r"[\[\]|^#]")  # what cannot stand in a link's label or target
PAGE_FOLDER = "entities"


def entity_named(item: Item) -> tuple[str, str] | None:
    """(name, type) of the entity an item's value names, if its attribute says so."""
    value = " ".join(item.value.split())
    if not value or len(value) > 80:
        return None
    if item.attribute in PERSON_ATTRIBUTES:
        return value, "person"
    if item.attribute in ORGANISATION_ATTRIBUTES:
        return value, "organisation"
    if item.attribute in PLACE_ATTRIBUTES:
        return value, "place"
    if item.attribute == "pet":
        named = _NAMED.search(value)
        return (named.group(1), "pet") if named else None
    return None


@dataclass
class Entity:
    name: str
    type: str
    about: list[Item]  # facts whose subject it is
    named_by: list[Item]  # facts whose value names it


def entities(items: Iterable[Item], wanted: Iterable[str] | None = None) -> dict[str, Entity]:
    """Entities by file stem, from every item (or only those whose stem is in ``wanted``)."""
    keep = {safe_name(w) for w in wanted} if wanted is not None else None
    found: dict[str, Entity] = {}

    def entity(name: str, kind: str) -> Entity | None:
        stem = safe_name(name)
        if keep is not None and stem not in keep:
            return None
        if stem not in found:
            found[stem] = Entity(name, kind, [], [])
        elif kind == "person" and found[stem].type != "person":
            found[stem].type = "person"  # a subject of facts is someone, whatever named it
        return found[stem]

    for item in items:
        if item.status is Status.RETRACTED:
            continue
        about = entity(item.subject, "person")
        if about is not None:
            about.about.append(item)
        named = entity_named(item)
        if named is not None:
            target = entity(*named)
            if target is not None:
                target.named_by.append(item)
    return found


def linked_text(item: Item, text: str) -> str:
    """A fact's sentence with its subject and the entity its value names as wikilinks
    to their pages (``[[entities/maya|Maya]] works at [[entities/openai|OpenAI]].``).

    A retracted fact names no entity (it may have no page), and a sentence that holds a
    link of its own is left as written. The parser reads these links back as their
    labels (weaver/markdown_parse.py), so a hand edit sees the plain sentence.
    """
    if item.status is Status.RETRACTED or "[[" in text or "]]" in text:
        return text
    named = entity_named(item)
    names = [item.subject, *([named[0]] if named else [])]
    out: list[str] = []
    at = 0
    for name in names:
        found = _mention(name).search(text, at) if name and not _NOT_LABEL.search(name) else None
        if found is None:
            continue
        try:
            stem = safe_name(name)
        except UnsafeNameError:
            continue
        out += [text[at : found.start()], f"[[{PAGE_FOLDER}/{stem}|{found.group()}]]"]
        at = found.end()
    return "".join([*out, text[at:]])


def _mention(name: str) -> re.Pattern[str]:
    """``name`` as a word of a sentence, in any case (no ASCII letter or digit around it)."""
    return re.compile(rf"(?<![A-Za-z0-9]){re.escape(name)}(?![A-Za-z0-9])", re.IGNORECASE)


def names_touched(items: Iterable[Item]) -> set[str]:
    """The entity stems whose pages these (changed) items affect."""
    stems = set()
    for item in items:
        stems.add(safe_name(item.subject))
        named = entity_named(item)
        if named is not None:
            stems.add(safe_name(named[0]))
    return stems


def render_entity(entity: Entity, known: set[str]) -> str:
    """The page of one entity; ``known`` holds the stems that have pages (links to them)."""

    def link(name: str) -> str:
        return f"[[{safe_name(name)}|{name}]]" if safe_name(name) in known else name

    about = sorted(entity.about, key=lambda i: (i.attribute, i.valid_from))
    current: dict[str, list[dict[str, str]]] = defaultdict(list)
    history: dict[str, list[dict[str, str]]] = defaultdict(list)
    changed: dict[str, list[Item]] = defaultdict(list)
    for item in about:
        target = entity_named(item)
        value = link(target[0]) if target else _clean(item.value)
        tags = "".join(f" #{tag}" for tag in item.tags if is_tag(tag))  # read back as its tags
        row = {"value": value, "tags": tags, "dates": _dates(item), "source": _source(item), "id": item.id}
        if item.is_current:
            current[item.attribute].append(row)
        elif item.status is Status.HISTORICAL:
            history[item.attribute].append(row)
        changed[item.attribute].append(item)
    relations = [
        {"attribute": i.attribute, "value": link(_clean(i.value))}
        for i in about if i.is_current and i.attribute in PERSON_ATTRIBUTES
    ]
    named_by = [
        {"subject": link(i.subject), "attribute": i.attribute, "dates": _dates(i),
         "status": i.status.value}
        for i in sorted(entity.named_by, key=lambda i: i.valid_from)
    ]
    timelines = [
        f"```mermaid\n{timeline_mermaid(entity.name, attribute, rows)}\n```"
        for attribute, rows in changed.items()
        if is_single_valued(attribute) and len({i.value for i in rows}) > 1
    ]
    return template("entity.md.j2").render(
        front_matter=yaml.safe_dump(_front(entity, about), sort_keys=False, allow_unicode=True),
        name=_clean(entity.name),
        current=dict(current),
        relations=relations,
        named_by=named_by,
        history=dict(history),
        timelines=timelines,
    )


def timeline_mermaid(name: str, attribute: str, rows: Iterable[Item]) -> str:
    """A Mermaid timeline (Obsidian renders Mermaid) of one attribute's values: entity pages
    fence it, ``vaultweave history --format mermaid`` prints it. Retracted values are left
    out (they were never true)."""
    lines = ["timeline", f"    title {_timeline_text(name)}: {_timeline_text(attribute)}"]
    for item in sorted(rows, key=lambda i: (i.valid_from, i.id)):
        if item.status in (Status.CURRENT, Status.HISTORICAL):
            lines.append(f"    {item.valid_from:%Y-%m-%d} : {_timeline_text(item.value)}")
    return "\n".join(lines)


def _front(entity: Entity, about: list[Item]) -> dict[str, object]:
    aliases = _aliases(entity, about)
    relation = next((i.relation for i in about if i.relation), "")
    front: dict[str, object] = {"type": entity.type, "aliases": aliases,
                                "tags": ["entity", entity.type]}
    if relation:
        front["relation"] = relation
    for item in about:
        if item.is_current and is_single_valued(item.attribute) and item.attribute not in front:
            front[item.attribute] = _clean(item.value)
    moments = [i.observed_at for i in [*entity.about, *entity.named_by]]
    if moments:
        front["updated"] = max(moments).astimezone(timezone.utc).date()  # a YAML date
    return front


def _aliases(entity: Entity, about: list[Item]) -> list[str]:
    """Nicknames and every name the entity was called by, in any language: a name told in
    Chinese and then in English supersedes as a fact, but both stay names to search by."""
    names = {
        _clean(i.value)
        for i in about
        if i.attribute in ("alias", "name") and i.status in (Status.CURRENT, Status.HISTORICAL)
    }
    own = _clean(entity.name).casefold()
    return sorted(n for n in names if n and n.casefold() != own)


def _clean(text: str) -> str:
    """One safe line (store/sanitize.py) that cannot open a wikilink of its own."""
    return fact_text(text).replace("[[", "[").replace("]]", "]")


def _timeline_text(text: str) -> str:
    return _UNSAFE_TIMELINE.sub(" ", _clean(text)).strip() or "?"


def _dates(item: Item) -> str:
    def day(moment: datetime | None) -> str:
        return "?" if moment is None else f"{moment.astimezone(timezone.utc):%Y-%m-%d}"

    if item.valid_to is None:
        return f"since {day(item.valid_from)}"
    return f"{day(item.valid_from)} → {day(item.valid_to)}"


def _source(item: Item) -> str:
    return f"[[categories/{safe_name(item.category)}#^{item.id}|fact]]"


def render_all(items: Mapping[str, Item], wanted: Iterable[str] | None) -> dict[str, str | None]:
    """Page text by stem for ``wanted`` stems (all when None); None: no page any more."""
    every = entities(items.values())
    known = set(every)
    stems = set(every) if wanted is None else set(wanted)
    return {stem: render_entity(every[stem], known) if stem in every else None for stem in stems}
