#!/usr/bin/env python3
"""Validates Beanconqueror backups (a .zip or a bare Beanconqueror.json) against beanconqueror.schema.json.

Usage: validate_beanconqueror.py SCHEMA FILE...
A zip is assembled as the app restores it (uiExportImportHelper.ts): Beanconqueror.json, then the entries of
Beanconqueror_Brews_N.json / Beanconqueror_Beans_N.json appended to BREWS / BEANS for N = 1, 2, … while they exist.
Prints "ok FILE" or "invalid FILE: PATH: MESSAGE" for each error (at most 20) and exits 1 when any is invalid.
"""
import json
import pathlib
import sys
import zipfile

import jsonschema


def load(path):
    if zipfile.is_zipfile(path):
        with zipfile.ZipFile(path) as z:
            names = set(z.namelist())
            doc = json.loads(z.read("Beanconqueror.json"))
            for key, name in (("BREWS", "Brews"), ("BEANS", "Beans")):
                n = 1
                while f"Beanconqueror_{name}_{n}.json" in names:
                    doc[key].extend(json.loads(z.read(f"Beanconqueror_{name}_{n}.json")))
                    n += 1
            return doc
    return json.loads(pathlib.Path(path).read_text(encoding="utf-8"))


def main():
    schema = json.loads(pathlib.Path(sys.argv[1]).read_text())
    validator = jsonschema.Draft202012Validator(schema)
    bad = 0
    for path in sys.argv[2:]:
        errors = sorted(validator.iter_errors(load(path)), key=lambda e: list(e.absolute_path))
        if errors:
            bad += 1
            for e in errors[:20]:
                print(f"invalid {path}: {'/'.join(str(p) for p in e.absolute_path)}: {e.message}")
        else:
            print(f"ok {path}")
    sys.exit(1 if bad else 0)


if __name__ == "__main__":
    main()
