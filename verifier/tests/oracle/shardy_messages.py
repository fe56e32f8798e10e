#!/usr/bin/env python3
"""Finds the classes of diagnostics where shardref's first message differs from the official Shardy
verifier's (issue #14, class 7).

Takes the cases of ../shared/corpus/shardy-sdy-ir and shardy-sdy-import that expect no diagnostic and
that jaxlib 0.10.2's (older) Shardy accepts, mutates them at random in the spirit of
fuzz/fuzz_targets/mutate.rs (quoted names, integers, axes dropped or duplicated, dimension shardings
added or dropped, tensor shapes, whole lines dropped or duplicated, sub-axes), and for every mutant that
both reject checks whether shardref's first error contains Shardy's first message (and, of those that do,
how many are at Shardy's line and column). Prints the share that agree and the disagreeing classes (Shardy's message with numbers, names and quoted parts normalized),
most frequent first, each with one example kept under ./mut/.

Usage (outside the tests; needs jax==0.10.2 and a release build):
  /work/venv/bin/python verifier/tests/oracle/shardy_messages.py COUNT [SEED]
with SHARDREF=path/to/shardref (default target/release/shardref) and the shared corpus and oracles
at ../shared (SHARED=... to change).
"""
import os, re, sys, glob, random, subprocess, collections, json
SHARED = os.environ.get("SHARED", os.path.join(os.path.dirname(__file__), "../../../../shared"))
sys.path.insert(0, os.path.join(SHARED, "oracles"))
import shardy_opt

CORPUS = [os.path.join(SHARED, "corpus/shardy-sdy-ir"), os.path.join(SHARED, "corpus/shardy-sdy-import")]
SHARDREF = os.environ.get("SHARDREF", os.path.join(os.path.dirname(__file__), "../../../target/release/shardref"))
NAMES = ["x", "y", "z", "a", "b", "q", "m1", "m2", "mesh", ""]
SIZES = ["0", "1", "2", "3", "4", "6", "8", "16", "-1", "4294967296"]

def seeds():
    out = []
    for d in CORPUS:
        for f in sorted(glob.glob(d + "/*.mlir")):
            t = open(f).read()
            for i, c in enumerate(re.split(r"^// -----.*$", t, flags=re.M)):
                if "expected-error" in c or "expected-warning" in c or "sdy.mesh" not in c and "sdy." not in c:
                    continue
                lines = [l for l in c.split("\n") if not l.strip().startswith("//")]
                out.append((f"{os.path.basename(f)}:{i}", "\n".join(lines)))
    return out

def mutate(t, rng):
    k = rng.randrange(8)
    if k == 0:  # rename a quoted name
        ms = list(re.finditer(r'"([A-Za-z_][A-Za-z0-9_]*)"', t))
        if ms:
            m = rng.choice(ms); return t[:m.start(1)] + rng.choice(NAMES) + t[m.end(1):]
    if k == 1:  # change an integer
        ms = list(re.finditer(r'(?<![A-Za-z_%#@.0-9])(\d+)(?![0-9.])', t))
        if ms:
            m = rng.choice(ms); return t[:m.start(1)] + rng.choice(SIZES) + t[m.end(1):]
    if k == 2:  # drop an axis ref inside {...}
        ms = list(re.finditer(r'"[^"]*"(:\(\d+\)\d+)?(, )?', t))
        if ms:
            m = rng.choice(ms); return t[:m.start()] + t[m.end():]
    if k == 3:  # duplicate an axis ref
        ms = list(re.finditer(r'\{"([^"]*)"', t))
        if ms:
            m = rng.choice(ms); return t[:m.end()] + f', "{m.group(1)}"' + t[m.end():]
    if k == 4:  # add/drop a dim sharding
        ms = list(re.finditer(r'\[\{', t))
        if ms:
            m = rng.choice(ms)
            if rng.random() < 0.5: return t[:m.start()+1] + "{}, " + t[m.start()+1:]
            e = t.find("}, ", m.start())
            if e > 0: return t[:m.start()+1] + t[e+3:]
    if k == 5:  # tensor shape edit
        ms = list(re.finditer(r'tensor<((\d+x)+)', t))
        if ms:
            m = rng.choice(ms); dims = m.group(1)
            new = rng.choice([dims + "2x", dims[dims.find("x")+1:] or dims, "3x" + dims, dims.replace("8", "7", 1)])
            return t[:m.start(1)] + new + t[m.end(1):]
    if k == 6:  # drop or duplicate a line
        ls = t.split("\n")
        if len(ls) > 2:
            i = rng.randrange(len(ls))
            if rng.random() < 0.5: del ls[i]
            else: ls.insert(i, ls[i])
            return "\n".join(ls)
    if k == 7:  # sub-axis edit
        ms = list(re.finditer(r':\((\d+)\)(\d+)', t))
        if ms:
            m = rng.choice(ms); return t[:m.start()] + f":({rng.choice(['1','2','3','4'])}){rng.choice(['1','2','3','4','8'])}" + t[m.end():]
    if k == 8:  # swap mesh reference / priority / closed
        ms = list(re.finditer(r'@(\w+)|p(\d+)\b|\?', t))
        if ms:
            m = rng.choice(ms)
            rep = rng.choice(["@mesh", "@mesh2", "p0", "p1", "?", "", "@missing"])
            return t[:m.start()] + rep + t[m.end():]
    return t

def shardy_first(text, ctx):
    from jaxlib.mlir import ir
    with ctx, ir.Location.unknown():
        try:
            ir.Module.parse(text)
            return None
        except ir.MLIRError as e:
            d = e.error_diagnostics
            if not d:
                return str(e)
            m = re.search(r":(\d+):(\d+)\)", str(d[0].location))
            LAST_POS[0] = (int(m.group(1)), int(m.group(2))) if m else None
            return d[0].message
        except Exception as e:
            return "EXC " + str(e)

def shardref_first(path):
    p = subprocess.run([SHARDREF, "verify", path], capture_output=True, text=True)
    if p.returncode == 0: return None
    for l in p.stderr.split("\n"):
        m = re.match(r".*?:(\d+):(\d+): error: (.*)", l)
        if m:
            LAST_POS[1] = (int(m.group(1)), int(m.group(2)))
            return m.group(3)
    return p.stderr.strip().split("\n")[0] if p.stderr.strip() else "exit %d" % p.returncode

LAST_POS = [None, None]  # (line, column) of Shardy's and shardref's last first errors

def norm(m):
    m = re.sub(r"\d+", "N", m)
    m = re.sub(r'"[^"]*"', '"S"', m)
    m = re.sub(r"@\w+", "@M", m)
    m = re.sub(r"'[^']*'", "'O'", m)
    return m[:120]

def main():
    n = int(sys.argv[1]); seed = int(sys.argv[2]) if len(sys.argv) > 2 else 0
    rng = random.Random(seed)
    ctx = shardy_opt.make_context()
    # Seeds the jaxlib's (older) Shardy already rejects are version differences, not mutations.
    ss = [(n_, t) for n_, t in seeds() if shardy_first(t, ctx) is None]
    os.makedirs("mut", exist_ok=True)
    both = agree = at = 0
    classes = collections.Counter(); examples = {}
    for it in range(n):
        name, t = rng.choice(ss)
        m = t
        for _ in range(rng.choice([1, 1, 2])):
            m = mutate(m, rng)
        if m == t: continue
        LAST_POS[0] = LAST_POS[1] = None
        s = shardy_first(m, ctx)
        path = f"mut/m{it}.mlir"
        open(path, "w").write(m)
        r = shardref_first(path)
        if s is None or r is None:
            os.remove(path); continue
        both += 1
        if s in r:
            agree += 1; at += LAST_POS[0] is not None and LAST_POS[0] == LAST_POS[1]
            os.remove(path); continue
        key = norm(s)
        classes[key] += 1
        examples.setdefault(key, []).append((path, name, s, r))
    print(f"both reject: {both}, shardref's first contains Shardy's: {agree} ({100*agree/max(both,1):.1f}%), "
          f"of which at Shardy's line and column: {at}")
    for k, c in classes.most_common():
        ex = examples[k][0]
        print(f"{c:5d}  {k}\n       ex {ex[0]} ({ex[1]})\n       shardy:   {ex[2][:200]}\n       shardref: {ex[3][:200]}")

main()
