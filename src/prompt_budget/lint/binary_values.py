"""Bytes and arrays, for PB104's way back from tokens to characters (``n_tokens * 4``): a product of a
token count that slices a byte string (``data[start : start + n_tokens * 4]`` with ``data =
bytearray(f.read())``: 4 bytes per int32 token id, set 24: llama.cpp's slot-state test), is compared
with the length of an array or with a size in bytes (``len(positions) in {n_tokens, n_tokens * 4}``
with ``positions = np.ascontiguousarray(...)``: 4 position components per token, set 24:
llama-cpp-python's M-RoPE batch), or sizes an allocation (``np.zeros(n_tokens * 4)``, ``(ctypes.c_int32 *
(n_tokens * 4))()``) counts bytes or array items, not characters. Kept apart from the rule: it reads
expressions and a function's bindings, and judges no finding itself.
"""

from __future__ import annotations

import ast

from prompt_budget.lint.rule import callee_name
from prompt_budget.lint.walks import walk

#: Modules whose calls build arrays or tensors (``np.zeros``, ``torch.empty``, ``mx.array``).
_ARRAY_MODULES = frozenset(
    {"np", "numpy", "torch", "jnp", "jax", "mx", "tf", "cp", "cupy", "array", "ctypes"}
)
#: Calls building bytes or a buffer, whatever their module.
_BINARY_CALLS = frozenset({"bytearray", "bytes", "memoryview", "create_string_buffer", "pack", "tobytes"})
#: Methods giving an array from an array.
_ARRAY_METHODS = frozenset({"reshape", "astype", "flatten", "ravel", "tobytes"})
#: ``struct`` functions whose buffer argument is bytes.
_STRUCT_CALLS = frozenset({"unpack_from", "pack_into", "unpack", "iter_unpack"})
#: Sizes in bytes: ``arr.nbytes``, ``os.stat(p).st_size``, ``os.path.getsize(p)``, ``ctypes.sizeof(x)``.
_BYTE_SIZE_ATTRS = frozenset({"nbytes", "st_size", "itemsize"})
_BYTE_SIZE_CALLS = frozenset({"getsize", "sizeof", "calcsize"})


def _root(node: ast.expr) -> str | None:
    while isinstance(node, (ast.Attribute, ast.Call, ast.Subscript)):
        node = node.func if isinstance(node, ast.Call) else node.value
    return node.id if isinstance(node, ast.Name) else None


def _binary_file(fn: ast.AST, name: str) -> bool:
    """``with open(path, "rb") as name`` (or ``name = open(path, "rb")``) in ``fn``."""
    for node in walk(fn):
        pairs: list[tuple[ast.expr | None, ast.expr]] = []
        if isinstance(node, (ast.With, ast.AsyncWith)):
            pairs = [(i.optional_vars, i.context_expr) for i in node.items]
        elif isinstance(node, ast.Assign) and len(node.targets) == 1:
            pairs = [(node.targets[0], node.value)]
        for target, value in pairs:
            if not (isinstance(target, ast.Name) and target.id == name and isinstance(value, ast.Call)):
                continue
            modes = [*value.args[1:2], *(k.value for k in value.keywords if k.arg == "mode")]
            if callee_name(value) == "open" and any(
                isinstance(m, ast.Constant) and isinstance(m.value, str) and "b" in m.value for m in modes
            ):
                return True
    return False


def builds_binary(fn: ast.AST | None, node: ast.expr) -> bool:
    """``node`` makes bytes or an array: ``bytearray(...)``, ``b"..."``, ``np.ascontiguousarray(...)``,
    ``x.reshape(-1)``, ``(ctypes.c_int32 * n)(...)``, ``f.read()`` of a file opened in binary mode."""
    if isinstance(node, ast.Constant):
        return isinstance(node.value, bytes)
    if not isinstance(node, ast.Call):
        return False
    callee = callee_name(node) or ""
    if callee in _BINARY_CALLS or callee in _ARRAY_METHODS:
        return True
    func = node.func
    if isinstance(func, ast.BinOp) and isinstance(func.op, ast.Mult):
        return _root(func.left) == "ctypes" or _root(func.right) == "ctypes"  # a ctypes array type
    if isinstance(func, ast.Attribute) and _root(func) in _ARRAY_MODULES:
        return True
    if callee == "read" and isinstance(func, ast.Attribute) and isinstance(func.value, ast.Name):
        return fn is not None and _binary_file(fn, func.value.id)
    return False


def _struct_buffer(fn: ast.AST, name: str) -> bool:
    """``struct.unpack_from(fmt, name, offset)``: ``name`` is read or written as bytes in ``fn``."""
    return any(
        isinstance(n, ast.Call)
        and callee_name(n) in _STRUCT_CALLS
        and any(isinstance(a, ast.Name) and a.id == name for a in n.args[1:2])
        for n in walk(fn)
    )


def binary_value(fn: ast.AST | None, node: ast.expr) -> bool:
    """``node`` holds bytes or an array: built so, or a local of ``fn`` bound so or used as a ``struct``
    buffer."""
    if builds_binary(fn, node):
        return True
    if not isinstance(node, ast.Name) or fn is None:
        return False
    values = [
        n.value
        for n in walk(fn)
        if isinstance(n, ast.Assign) and any(isinstance(t, ast.Name) and t.id == node.id for t in n.targets)
    ]
    return (bool(values) and all(builds_binary(fn, v) for v in values)) or _struct_buffer(fn, node.id)


def measures_binary(fn: ast.AST | None, node: ast.expr) -> bool:
    """``node`` is a size in bytes or a count of array items: ``len(data)`` of bytes or an array,
    ``arr.nbytes``, ``os.path.getsize(p)``, ``st.st_size``, ``ctypes.sizeof(x)``."""
    if isinstance(node, ast.Attribute):
        return node.attr in _BYTE_SIZE_ATTRS
    if not isinstance(node, ast.Call):
        return False
    callee = callee_name(node)
    if callee in _BYTE_SIZE_CALLS:
        return True
    return callee == "len" and len(node.args) == 1 and binary_value(fn, node.args[0])


def allocates(fn: ast.AST | None, node: ast.AST) -> bool:
    """``node`` is a call allocating an array or a buffer (``np.zeros(n)``, ``bytearray(n)``,
    ``(ctypes.c_int32 * n)()``), or the ctypes array type ``ctypes.c_int32 * n`` itself."""
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Mult):
        return _root(node.left) == "ctypes" or _root(node.right) == "ctypes"
    return isinstance(node, ast.Call) and builds_binary(fn, node) and callee_name(node) != "read"


def per_token_items(ancestors: list[ast.AST] | tuple[ast.AST, ...]) -> bool:
    """``len(x) in {n_tokens, n_tokens * 4}``: a product of a count (``ancestors[-1]``, its left
    operand the count) offered in a comparison's collection next to the count itself: what is counted
    comes per token, one or several of it (items of an array), not characters. ``ancestors`` starts at
    the comparison."""
    product = ancestors[-1]
    if not (isinstance(product, ast.BinOp) and len(ancestors) >= 3):
        return False
    collection = ancestors[1]
    if not isinstance(collection, (ast.Set, ast.Tuple, ast.List)):
        return False
    count = ast.dump(product.left)
    return any(e is not product and ast.dump(e) == count for e in collection.elts)
