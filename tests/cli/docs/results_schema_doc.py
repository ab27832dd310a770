#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""docs/results-schema.md against the record tables: every field of every record in the
JSON Schema that the tables write (share/schema/, held to the rows by docs_generated) is
named in the page, at any depth, and every field a table of the page lists is one of
theirs, but in a table that details a field whose schema says only "object". A field added
to a record and not to the page, or a field the page keeps after its row went, fails.
Usage: results_schema_doc.py SCHEMA_JSON RESULTS_SCHEMA_MD"""
import json
import re
import sys


def fields_of(shape, where):
    """Each field named in a shape, at any depth (an array's items, an object's values),
    with the record or field it is in."""
    if isinstance(shape, dict):
        for key, sub in shape.get("properties", {}).items():
            yield where, key, sub
            yield from fields_of(sub, key)
        for part in ("items", "additionalProperties"):
            yield from fields_of(shape.get(part), where)
        for part in ("anyOf", "oneOf"):
            for sub in shape.get(part, []):
                yield from fields_of(sub, where)


def records(schema):
    """Every field of the document and of each record it refers to."""
    yield from fields_of(schema, "the document")
    for name, record in schema["$defs"].items():
        yield from fields_of(record, name)


def main():
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    with open(sys.argv[1], encoding="utf-8") as f:
        schema = json.load(f)
    with open(sys.argv[2], encoding="utf-8") as f:
        page = f.read()
    named = set(re.findall(r"`([a-z_0-9]+)`", page))
    fields, opaque = set(), set()
    failed = []
    for where, key, shape in records(schema):
        fields.add(key)
        if shape.get("type") == "object" and not ({"properties", "additionalProperties", "$ref"} & set(shape)):
            opaque.add(key)
        if key not in named:
            failed.append(f"{where}'s field `{key}` is not in the page")
    label = None
    for line in page.splitlines():
        m = re.match(r"^`([a-z_0-9]+)`:$", line)
        if m or line.startswith("#"):
            label = m.group(1) if m else None
            continue
        row = re.match(r"^\| `([a-z_0-9]+)` \|", line)
        if row and row.group(1) not in fields and label not in opaque:
            failed.append(f"the page lists `{row.group(1)}`, a field of no record")
    for line in sorted(set(failed)):
        print(f"FAIL: {line}")
    if failed:
        sys.exit(1)
    print(f"PASS: {len(fields)} fields, each in the page")


main()
