# Stands in for ../shared/oracles/shardy_opt.py in conformance/tests/difftest.rs, which only checks
# that the oracle folder has this file before finding that the Python does not exist.
