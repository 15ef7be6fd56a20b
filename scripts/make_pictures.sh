#!/usr/bin/env bash
# Regenerates docs/pictures/*.png with `grimoire show --png`: for each variant a board holding
# every piece type it has (both colours where the board has room), and Eldritch's type sheet
# (`--types`), which also shows the part-2 types that no EFEN accepts yet. docs/pictures.md
# describes them. Text (labels, the key's names) uses the system fonts: DejaVu Sans
# (Debian: fonts-dejavu-core).
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

cargo build -q -p grimoire
g=target/debug/grimoire
if [ -n "${CARGO_TARGET_DIR:-}" ]; then g="$CARGO_TARGET_DIR/debug/grimoire"; fi
out=docs/pictures
mkdir -p "$out"
size=900

show() { "$g" show --png "$out/$1.png" --size "$size" --variant "${@:2}"; }

# Chess: the six types, both colours.
show chess chess --fen "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
# Duggan: the start position lacks only the Commander.
show duggan duggan --fen "gabsdbag/mmmmmmmm/8/2c5/5C2/8/MMMMMMMM/GABSDBAG w - - 0 1"
# ArchMage: the start position plus ArchMage, Lion, Archbishop, Chancellor, Dragon King and
# Dragon Horse of both colours in the middle.
show archmage archmage --fen \
  "grusqkmurg/xbtfziftbx/pppppppppp/10/2alj3ch/3DHCJLA1/10/PPPPPPPPPP/XBTFZIFTBX/GRUSQKMURG[] w KQkq - 0 1"
# Ghost Chess: living pieces and a ghost of every kind (no King ghost exists) on the edge ring.
show ghost ghost --fen \
  "rnbqk3/pppp4/8/8/8/8/PPPP4/RNBQK3 w - - 0 1 Qa0,Rb0,Bc0,Nd0,Pe0,Pg0,qz3,rz4,bi4,ni5,pa9,pc9"
# Eldritch: every type its EFEN accepts today, both colours, a side has one liege (ELD-070):
# King against Archmage here, Pontiff against Vampire in the second board.
show eldritch eldritch --fen \
  "qrbn^ap*a*c/*e*g*i*k*o*p*s*u/*v*w*x^b^d^f^i^r/7^x/^X7/*V*W*X^B^D^F^I^R/*E*G*I*K*O*P*S*U/QRBNKP*A*C w - - 0 1"
show eldritch-lieges eldritch --fen \
  "qrbn^vp*a*c/*e*g*i*k*o*p*s*u/*v*w*x^b^d^f^i^r/7^x/^X7/*V*W*X^B^D^F^I^R/*E*G*I*K*O*P*S*U/QRBN^PP*A*C w - - 0 1"
# Hobgoblin: crowds (count badges), halves (`~d3` notes), links (`=i3` notes on both squares).
show hobgoblin hobgoblin --fen \
  "r1bqkb1r1/pppp1ppp1/2n2n2=h/4p4/4P3=a/2(N,P)(Q~d1,B~f1)4=c/PP1P1PPPR/R1B(Q~d3)K(B~d3)N2 w Qkq - 2 7 L"
# Eldritch's whole catalogue (46 types), part-2 types included.
"$g" show --variant eldritch --types --png "$out/eldritch-types.png" --size "$size"
