#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
# Validates JSON documents against a JSON Schema (draft 2020-12) with the jsonschema
# package (Debian's python3-jsonschema): the schema itself checked first, then each
# document; every error printed with its place, exit 1 where any document fails.
# usage: schema_check.py SCHEMA DOCUMENT...
import json
import sys

import jsonschema


def main():
    if len(sys.argv) < 3:
        sys.exit("usage: schema_check.py SCHEMA DOCUMENT...")
    with open(sys.argv[1], encoding="utf-8") as f:
        schema = json.load(f)
    jsonschema.Draft202012Validator.check_schema(schema)
    validator = jsonschema.Draft202012Validator(schema)
    bad = 0
    for path in sys.argv[2:]:
        with open(path, encoding="utf-8") as f:
            doc = json.load(f)
        errors = sorted(validator.iter_errors(doc), key=lambda e: list(map(str, e.absolute_path)))
        for e in errors[:10]:
            print("%s: /%s: %s" % (path, "/".join(map(str, e.absolute_path)), e.message[:300]))
        if errors:
            print("%s: %d errors against %s" % (path, len(errors), sys.argv[1]))
            bad += 1
        else:
            print("%s: valid" % path)
    sys.exit(1 if bad else 0)


main()
