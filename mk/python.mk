# The Python package (issue 54): the wheel that `pip install .` builds from this checkout
# (pyproject.toml, crates/queensat-py), installed into a fresh venv as README "Python" shows,
# then its tests against the command line and the example notebook (tests/python/).

PY_VENV := target/py-venv

.PHONY: test-python
## A fresh venv in target/py-venv, `pip install .` and pytest into it, then tests/python (the
## example notebook's cells among them); `make test` runs it.
test-python: build
	rm -rf $(PY_VENV)
	python3 -m venv $(PY_VENV)
	@start=$$(date +%s); \
	$(PY_VENV)/bin/pip install --quiet --disable-pip-version-check . && \
	echo "test-python: pip install . took $$(( $$(date +%s) - start )) s"
	$(PY_VENV)/bin/pip install --quiet --disable-pip-version-check pytest
	QUEENSAT_BIN=$(BIN) $(PY_VENV)/bin/python -m pytest -q -p no:cacheprovider tests/python
