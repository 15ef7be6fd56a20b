#!/usr/bin/env python3
"""Lists the import circles between the top modules of each crate: module A names `crate::B`
in code (comments aside) and B names `crate::A`, directly or through others. Prints one line per
circle (its modules and the edges inside it); exit status 1 when there is any.

Usage: scripts/import_cycles.py
"""
import re, pathlib, sys
root=pathlib.Path(__file__).resolve().parent.parent
found=0
for crate in ['engine','eval','registry','protocol','serve','arena','pictures','tuning']:
    src=root/crate/'src'
    if not src.exists(): continue
    edges={}
    for f in src.rglob('*.rs'):
        rel=f.relative_to(src).parts
        top=rel[0].removesuffix('.rs')
        if top in ('lib','main'): continue
        text="\n".join(l.split("//")[0] for l in f.read_text().splitlines())
        for m in re.finditer(r'\bcrate::(\w+)', text):
            tgt=m.group(1)
            if tgt!=top and (src/(tgt+'.rs')).exists() or (src/tgt).is_dir():
                if tgt!=top:
                    edges.setdefault(top,set()).add(tgt)
        # super:: from nested files within same top: ignore
    # find 2-cycles and longer via DFS SCC
    nodes=set(edges)|{t for v in edges.values() for t in v}
    index={};low={};stack=[];on=set();sccs=[];i=[0]
    def sc(v):
        index[v]=low[v]=i[0];i[0]+=1;stack.append(v);on.add(v)
        for w in edges.get(v,()):
            if w not in index: sc(w);low[v]=min(low[v],low[w])
            elif w in on: low[v]=min(low[v],index[w])
        if low[v]==index[v]:
            comp=[]
            while True:
                w=stack.pop();on.discard(w);comp.append(w)
                if w==v:break
            if len(comp)>1: sccs.append(comp)
    sys.setrecursionlimit(10000)
    for v in sorted(nodes):
        if v not in index: sc(v)
    for c in sccs:
        pairs=[(a,b) for a in c for b in c if b in edges.get(a,())]
        print(crate, sorted(c), pairs)
        found+=1

print(f"{found} import circles")
sys.exit(1 if found else 0)
