#!/usr/bin/env python3
"""Validates BrewSpec documents (YAML or JSON) against the BrewSpec JSON Schema with the `jsonschema` package.

Usage: validate_brewspec.py SCHEMA FILE...   (a folder stands for every .yaml/.yml/.json file in it)
Prints one line per document ("ok FILE" or "invalid FILE: PATH: MESSAGE" for each error) and exits 1 when any
document is invalid. The reference validator for the export round-trip tests (BrewExportTests).
"""
import json
import pathlib
import sys

import jsonschema
import yaml


def documents(args):
    for arg in args:
        path = pathlib.Path(arg)
        if path.is_dir():
            yield from sorted(p for p in path.iterdir() if p.suffix in (".yaml", ".yml", ".json"))
        else:
            yield path


def main():
    schema = json.loads(pathlib.Path(sys.argv[1]).read_text())
    validator = jsonschema.Draft202012Validator(schema, format_checker=jsonschema.FormatChecker())
    bad = 0
    for path in documents(sys.argv[2:]):
        text = path.read_text(encoding="utf-8")
        # BaseLoader keeps every scalar a string except where the schema needs types: use the safe loader, which
        # types numbers and booleans as YAML 1.1 does (as the BrewSpec reference tools read YAML).
        doc = json.loads(text) if path.suffix == ".json" else yaml.safe_load(text)
        errors = sorted(validator.iter_errors(doc), key=lambda e: list(e.absolute_path))
        if errors:
            bad += 1
            for e in errors[:20]:
                print(f"invalid {path}: {'/'.join(str(p) for p in e.absolute_path)}: {e.message}")
        else:
            print(f"ok {path}")
    sys.exit(1 if bad else 0)


if __name__ == "__main__":
    main()
