#!/usr/bin/env bash
# Imports bench++'s spreadsheet CSV into LibreOffice Calc (headless) and checks that every numeric
# column arrived as numbers and that quoted fields (a label with a comma, mount options) stayed whole.
# Usage: scripts/check-libreoffice.sh [BENCH_BINARY]   Exit 0: checked; 1: a check failed; 77: no LibreOffice.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
bin=${1:-$root/build/bench++}
if ! command -v soffice >/dev/null 2>&1; then
  echo "LibreOffice (soffice) is not installed: skipping (apt-get install libreoffice-calc-nogui)" >&2
  exit 77
fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir "$work/run" "$work/profile"
"$bin" -d "$work/run" -s 1M:4k -f64k -n 1:4k:1k:2 --sync-size 23000 -r 0 -q --label 'lab, "quoted"' \
  --csv "$work/results.csv" >/dev/null 2>"$work/stderr" || { cat "$work/stderr" >&2; exit 1; }
# Flat ODS (one XML file) is easy to inspect; CSV import options: comma, double quote, UTF-8, first line.
HOME=$work/profile soffice --headless -env:UserInstallation="file://$work/profile" \
  --infilter='CSV:44,34,76,1' --convert-to fods --outdir "$work" "$work/results.csv" >/dev/null 2>&1
python3 - "$work/results.csv" "$work/results.fods" <<'PY'
import csv, sys, xml.etree.ElementTree as ET
csv_rows = list(csv.reader(open(sys.argv[1], newline="")))
ns = {"table": "urn:oasis:names:tc:opendocument:xmlns:table:1.0",
      "office": "urn:oasis:names:tc:opendocument:xmlns:office:1.0",
      "text": "urn:oasis:names:tc:opendocument:xmlns:text:1.0"}
T, O = "{%s}" % ns["table"], "{%s}" % ns["office"]
sheet_rows = []
for row in ET.parse(sys.argv[2]).getroot().iter(T + "table-row"):
    cells = []
    for cell in row.findall(T + "table-cell"):
        repeat = int(cell.get(T + "number-columns-repeated", "1"))
        text = "".join(p.text or "" for p in cell.iter("{%s}p" % ns["text"]))
        cells += [(cell.get(O + "value-type"), text)] * min(repeat, 100)
    sheet_rows.append(cells)
failures = 0
header = csv_rows[0]
for r, row in enumerate(csv_rows[1:], start=1):
    for c, value in enumerate(row):
        kind, text = sheet_rows[r][c] if c < len(sheet_rows[r]) else (None, "")
        try:
            float(value)
            numeric = value != ""
        except ValueError:
            numeric = False
        if numeric and kind != "float":
            print(f"row {r} column {header[c]}: '{value}' became {kind}"); failures += 1
        if not numeric and value and text != value:
            print(f"row {r} column {header[c]}: '{value}' became '{text}'"); failures += 1
print(f"{len(csv_rows) - 1} rows x {len(header)} columns imported; {failures} problems")
sys.exit(1 if failures else 0)
PY
