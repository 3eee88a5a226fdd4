# Quick start: `make demo` (weave a copy of sample_vault) and `make test`.
PYTHON ?= python3
VENV ?= .venv
BIN := $(VENV)/bin
# torch first and pinned: an unpinned torch pulled in by a dependency is a multi-GB CUDA build.
TORCH_PIN := torch==2.13.0
# Gold batches the packaged span reader learns from: the ones already spent (docs/FACTS.md).
READER_BATCHES ?= 1-47
# ... and the change reader (weaver/extract/change_reader.py)
CHANGES_BATCHES ?= 1-47

.PHONY: demo test venv install lint typecheck proto reader changes bench-locomo clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip

$(VENV)/.installed: $(BIN)/python pyproject.toml
	$(BIN)/pip install --quiet $(TORCH_PIN)
	$(BIN)/pip install --quiet -e '.[all]'
	touch $@

venv install: $(VENV)/.installed

demo: $(VENV)/.installed
	$(BIN)/vaultweave demo --from sample_vault --to build/demo-vault

# pytest exits 5 when it collects no test; that must fail, and it does (any non-zero fails make).
test: $(VENV)/.installed
	$(BIN)/python -m pytest

# mypy reads the folders under their installed names through a tree of links in build/.
lint: $(VENV)/.installed
	$(BIN)/ruff check store weaver schemas tests bench
	mkdir -p build/typecheck/vaultweave
	for d in schemas store weaver templates; do ln -sfn ../../../$$d build/typecheck/vaultweave/$$d; done
	cd build/typecheck && ../../$(BIN)/mypy --config-file ../../pyproject.toml -p vaultweave.store -p vaultweave.weaver

proto: $(VENV)/.installed
	$(BIN)/python -m grpc_tools.protoc -Ischemas --python_out=schemas --pyi_out=schemas schemas/item.proto schemas/onnx_model.proto

# The span reader's models, from the annotated corpus and the spent gold batches (docs/FACTS.md).
reader: $(VENV)/.installed
	$(BIN)/python -m bench.facts.train_reader --batches $(READER_BATCHES)

# The change reader's models, from the spent gold batches and the conversations to learn from.
changes: $(VENV)/.installed
	$(BIN)/python -m bench.facts.train_changes --batches $(CHANGES_BATCHES)

clean:
	rm -rf build .pytest_cache .mypy_cache .ruff_cache
