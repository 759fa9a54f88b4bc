"""Every (code, severity) a finding can be made with is declared beside its code (``define(...,
also=...)``), so that ``deckcheck rules`` lists it. Found by an audit of the source, not by the decks
some test happens to check: every call that makes a finding with a severity of its own (a code
called with ``severity=``) or a reader's problem (``ParseProblem``, which becomes the finding of its
code and severity) is read, and each value of its code and severity is followed back through the
functions that pass them on (``Builder.report``, ``problem_line``) to the literals their callers
give."""

from __future__ import annotations

import ast
import importlib
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from deckcheck.deck import ParseProblem, Zone
from deckcheck.decklist import problem_findings
from deckcheck.findings import Code, Severity, all_codes

PACKAGE = Path(__file__).resolve().parents[1] / "deckcheck"
_SEVERITY_BY_TEXT = {str(s): s for s in Severity}
# Functions that pass on findings or problems made elsewhere (the audit reads where those are made):
PASSING_ON = {
    "problem_findings": "a reader's problems as findings (the test asks it of every problem audited)",
    "problems_from_text": "the batch's problems read back from the text it wrote of them",
}


class Unresolved(Exception):
    """A value the audit cannot follow back to literals: the audit must learn it (or the code must
    say its severity plainly)."""


@dataclass(frozen=True)
class Function:
    module: Any  # the imported module (its globals: codes and constants)
    node: ast.FunctionDef | None  # None: module level
    path: str

    def where(self, node: ast.AST) -> str:
        return f"{self.path}:{getattr(node, 'lineno', '?')}"


def _functions() -> Iterator[Function]:
    for path in sorted(PACKAGE.rglob("*.py")):
        parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
        module = importlib.import_module(".".join(parts[:-1] if parts[-1] == "__init__" else parts))
        tree = ast.parse(path.read_text(encoding="utf-8"))
        relative = str(path.relative_to(PACKAGE.parent))
        yield Function(module, None, relative)
        for node in ast.walk(tree):
            if isinstance(node, ast.FunctionDef):
                yield Function(module, node, relative)


FUNCTIONS = list(_functions())


def _own_calls(function: Function) -> Iterator[ast.Call]:
    """The calls in a function's own body (not in the functions it defines)."""
    if function.node is None:
        tree = ast.parse((PACKAGE.parent / function.path).read_text(encoding="utf-8"))
        todo: list[ast.AST] = [n for n in tree.body if not isinstance(n, ast.FunctionDef | ast.ClassDef)]
        todo += [n for c in tree.body if isinstance(c, ast.ClassDef) for n in c.body]
        todo = [n for n in todo if not isinstance(n, ast.FunctionDef)]
    else:
        todo = list(function.node.body)
    while todo:
        node = todo.pop()
        if isinstance(node, ast.FunctionDef | ast.Lambda | ast.ClassDef):
            continue
        if isinstance(node, ast.Call):
            yield node
        todo.extend(ast.iter_child_nodes(node))


CALLS = [(function, call) for function in FUNCTIONS for call in _own_calls(function)]


Item = tuple[ast.expr, Function]


def _callee_name(call: ast.Call) -> str | None:
    if isinstance(call.func, ast.Name):
        return call.func.id
    if isinstance(call.func, ast.Attribute):
        return call.func.attr
    return None


def _severity_keywords(call: ast.Call) -> list[ast.keyword]:
    return [k for k in call.keywords if k.arg is not None and k.arg.endswith("severity")]


def _bind(node: ast.FunctionDef, call: ast.Call) -> dict[str, ast.expr] | None:
    """The argument each parameter of ``node`` gets from ``call`` (defaults included: they are read
    in the function's module), or None when the call cannot be to it (another function of the same
    name)."""
    args = node.args
    positional = [a.arg for a in args.posonlyargs + args.args]
    if positional[:1] in (["self"], ["cls"]) and isinstance(call.func, ast.Attribute):
        positional = positional[1:]
    if len(call.args) > len(positional) or any(isinstance(a, ast.Starred) for a in call.args):
        return None
    bound: dict[str, ast.expr] = dict(zip(positional, call.args, strict=False))
    defaults = dict(zip(positional[len(positional) - len(args.defaults) :], args.defaults, strict=True))
    keyword_only = {a.arg: d for a, d in zip(args.kwonlyargs, args.kw_defaults, strict=True)}
    for keyword in call.keywords:
        if keyword.arg is None or keyword.arg not in {*positional, *keyword_only} or keyword.arg in bound:
            return None
        bound[keyword.arg] = keyword.value
    for name, default in [*defaults.items(), *keyword_only.items()]:
        if name not in bound:
            if default is None:
                return None
            bound[name] = default
    return bound if set(positional) <= set(bound) else None


def _callers(function: Function) -> list[dict[str, Item]]:
    """What each call of ``function`` gives its parameters, each in the function it is read in."""
    node = function.node
    assert node is not None
    defaults = {id(d) for d in [*node.args.defaults, *node.args.kw_defaults] if d is not None}
    found = []
    for caller, call in CALLS:
        if _callee_name(call) == node.name:
            bound = _bind(node, call)
            if bound is not None:
                found.append({k: (v, function if id(v) in defaults else caller) for k, v in bound.items()})
    return found


class _Audit:
    def __init__(self) -> None:
        self.followed: set[int] = set()  # the calls read as callers that give a severity

    def values(self, items: tuple[Item, ...], depth: int = 0) -> set[tuple[Any, ...]]:
        """Every tuple of values ``items`` (expressions, each in its function) can take together:
        arguments of one call stay together."""
        if depth > 12:
            raise Unresolved("too deep")
        for i, (expr, function) in enumerate(items):
            value = self._literal(expr, function)
            if value is not _NOT_LITERAL:
                continue
            if isinstance(expr, ast.IfExp):
                return self._each(items, i, [expr.body, expr.orelse], depth)
            if isinstance(expr, ast.Name) and function.node is not None:
                assigned = _assigned(function.node, expr.id)
                if assigned:
                    return self._each(items, i, assigned, depth)
                if expr.id in _parameters(function.node):
                    return self._through_callers(items, function, depth)
            raise Unresolved(f"{function.where(expr)}: {ast.unparse(expr)}")
        return {tuple(self._literal(expr, function) for expr, function in items)}

    def _each(
        self, items: tuple[Item, ...], i: int, exprs: list[ast.expr], depth: int
    ) -> set[tuple[Any, ...]]:
        function = items[i][1]
        found: set[tuple[Any, ...]] = set()
        for expr in exprs:
            found |= self.values((*items[:i], (expr, function), *items[i + 1 :]), depth + 1)
        return found

    def _through_callers(
        self, items: tuple[Item, ...], function: Function, depth: int
    ) -> set[tuple[Any, ...]]:
        """The values of ``items`` where they are ``function``'s parameters: what each caller gives."""
        assert function.node is not None
        callers = _callers(function)
        if not callers:
            raise Unresolved(f"{function.where(function.node)}: no caller of {function.node.name}")
        found: set[tuple[Any, ...]] = set()
        for bound in callers:
            self.followed |= {id(v) for v, _ in bound.values()}
            replaced = tuple(
                bound[expr.id]
                if isinstance(expr, ast.Name) and item_function is function and expr.id in bound
                else (expr, item_function)
                for expr, item_function in items
            )
            found |= self.values(replaced, depth + 1)
        return found

    def _literal(self, expr: ast.expr, function: Function) -> Any:
        if isinstance(expr, ast.Constant):
            return expr.value
        if (
            isinstance(expr, ast.Attribute)
            and isinstance(expr.value, ast.Name)
            and expr.value.id == "Severity"
        ):
            return Severity[expr.attr]
        if isinstance(expr, ast.Name) and (function.node is None or not _local(function.node, expr.id)):
            value = _global(function, expr.id)
            return value if isinstance(value, str | Severity | Code) else _NOT_LITERAL
        return _NOT_LITERAL


_NOT_LITERAL = object()


def _global(function: Function, name: str | None) -> Any:
    """What ``name`` is in the function's module, or imported in the function itself (a lazy import)."""
    if name in vars(function.module):
        return vars(function.module)[name]
    for node in ast.walk(function.node) if function.node is not None else ():
        if isinstance(node, ast.ImportFrom) and node.module and any(a.name == name for a in node.names):
            return getattr(importlib.import_module(node.module), str(name))
    return None


def _parameters(node: ast.FunctionDef) -> set[str]:
    args = node.args
    return {a.arg for a in args.posonlyargs + args.args + args.kwonlyargs}


def _assigned(node: ast.FunctionDef, name: str) -> list[ast.expr]:
    """What ``name`` is assigned in the function (a tuple unpacked element by element)."""
    found: list[ast.expr] = []
    for child in ast.walk(node):
        if isinstance(child, ast.Assign):
            for target in child.targets:
                if isinstance(target, ast.Name) and target.id == name:
                    found.append(child.value)
                elif isinstance(target, ast.Tuple) and isinstance(child.value, ast.Tuple):
                    found += [
                        v
                        for t, v in zip(target.elts, child.value.elts, strict=True)
                        if isinstance(t, ast.Name) and t.id == name
                    ]
        elif isinstance(child, ast.AnnAssign) and ast.unparse(child.target) == name and child.value:
            found.append(child.value)
    return found


def _local(node: ast.FunctionDef, name: str) -> bool:
    return name in _parameters(node) or bool(_assigned(node, name))


def _severity(value: Any) -> Severity:
    return value if isinstance(value, Severity) else _SEVERITY_BY_TEXT[value]


def _made() -> tuple[set[tuple[str, Severity, str]], set[tuple[str | None, str]], list[str]]:
    """(code, severity, where) of every finding made with a severity of its own; (code, severity)
    of every reader's problem; the calls that give a severity the audit did not read."""
    audit = _Audit()
    findings: set[tuple[str, Severity, str]] = set()
    problems: set[tuple[str | None, str]] = set()
    sites: set[int] = set()
    for function, call in CALLS:
        name = function.node.name if function.node is not None else ""
        if name in PASSING_ON:
            sites |= {id(k.value) for k in _severity_keywords(call)}
            continue
        callee = _callee_name(call)
        code = _global(function, callee) if isinstance(call.func, ast.Name) else None
        if isinstance(code, Code):
            for keyword in _severity_keywords(call):
                sites.add(id(keyword.value))
                for (severity,) in audit.values(((keyword.value, function),)):
                    findings.add((code.code, _severity(severity), function.where(call)))
        elif callee == "ParseProblem":
            fields = ("line", "message", "severity", "code", "section")
            given = dict(zip(fields, call.args, strict=False)) | {
                k.arg: k.value for k in call.keywords if k.arg
            }
            severity_expr = given.get("severity", ast.Constant("error"))
            code_expr = given.get("code", ast.Constant(None))
            sites.add(id(severity_expr))
            problems |= audit.values(((code_expr, function), (severity_expr, function)))
    missed = [
        function.where(call)
        for function, call in CALLS
        for keyword in _severity_keywords(call)
        if id(keyword.value) not in sites | audit.followed
    ]
    # a finding built directly, not by calling its declared code (whose calls the audit reads)
    missed += [
        function.where(call)
        for function, call in CALLS
        if _callee_name(call) == "Finding" and function.path != "deckcheck/findings.py"
    ]
    return findings, problems, missed


def test_every_severity_a_finding_is_made_with_is_declared() -> None:
    findings, problems, missed = _made()
    assert missed == [], "a severity given where the audit sees no finding or problem made"
    made = {(code, severity) for code, severity, _ in findings}
    # a reader's problem is the finding problem_findings makes of it, in whatever section it is
    made |= {
        (f.code, f.severity)
        for code, severity in problems
        for section in (None, str(Zone.MAIN), str(Zone.MAYBEBOARD))
        for f in problem_findings("deck.txt", [ParseProblem(1, "why", severity, code, section)])
    }
    # (the audit sees what it must: DC003's note, DC002's warning in the maybeboard, DC412's warning)
    assert {("DC003", Severity.INFO), ("DC002", Severity.WARNING), ("DC412", Severity.WARNING)} <= made
    declared = {code: info.severities for code, info in all_codes().items()}
    undeclared = sorted((code, str(s)) for code, s in made if s not in declared[code])
    assert undeclared == [], "made with a severity its define() does not declare (also=...)"
