"""queensat: queen-placement puzzles answered with SAT solvers, from Python.

Every call runs the library the ``queensat`` command line runs and returns the numbers its
``--format json`` prints: each placement is checked by the independent checker and each
optimum proved, and what could not be proved is labelled so (``proved`` is False; an
answer that rests on an external solver's UNSAT, ``solver="external:CMD"``, has ``certified``
False; a count of placements that rests on one, or that ``limit`` cut short, says so in its
repr as the command's text does: ``Count``, ``Placements``).

>>> import queensat
>>> b = queensat.Board(8, 8, walls=[(1, 3), (2, 5)])
>>> r = b.value()
>>> r.value, r.proved
(10, True)

A notebook draws a board and a result as a picture (``_repr_svg_``). The studies (``sweep``,
``least_walls``, ``nk``, ``puzzles``, ``verify``, ``cover``) return lists of dicts, which
``pandas.DataFrame`` takes; the whole JSON report is their ``.report``. Bad input raises
:class:`QueensatError` (a ``ValueError``) with the command line's message. A long call shows
progress on stderr (``progress=False``: none), and Ctrl-C stops it cleanly: the
``KeyboardInterrupt`` raised carries what the library had as ``.partial`` (or None). A
Ctrl-C is the process's, as a signal is: a call running at that moment in another thread stops
too and raises :class:`QueensatError`, with what it had as ``.partial``. An exception raised by
a ``progress`` callback stops its own call only (raised with ``.partial`` the same way); calls
in other threads go on.
"""

from __future__ import annotations

import json
import numbers
import operator
import os
import re
import sys
import time
from typing import (Any, Callable, Dict, Iterable, List, Literal, Optional, Sequence, Tuple,
                    TypeVar, Union, overload)

from . import _queensat
from ._queensat import QueensatError, __version__

__all__ = [
    "Board",
    "Count",
    "Placements",
    "QueensatError",
    "Report",
    "ValueResult",
    "cover",
    "least_walls",
    "nk",
    "nqueens",
    "puzzles",
    "sweep",
    "verify",
    "__version__",
]

Cell = Tuple[int, int]
PathArg = Union[str, "os.PathLike[str]"]
Cells = Union[str, Iterable[Sequence[int]]]
Counts = Union[int, str, range, Iterable[int]]
Progress = Union[bool, Callable[[str, int, int, List[str]], None]]
T = TypeVar("T")


def _whole(name: str, value: Any) -> Any:
    """``value`` if it is a whole number (0 or more) or None; else the QueensatError that bad
    input raises, naming the argument (a negative number would be Python's OverflowError, a
    string its TypeError, where the native call converts it)."""
    if value is None:
        return None
    whole = _index(value)
    if whole is None or whole < 0:
        raise QueensatError(f"{name} is a whole number (0 or more), not {value!r}")
    return whole


def _shape(rows: Any, cols: Any) -> Tuple[int, int]:
    """A board's shape, ``cols`` being ``rows`` unless given: each a whole number."""
    if rows is None:
        raise QueensatError("rows is a whole number (0 or more), not None")
    return _whole("rows", rows), _whole("cols", rows if cols is None else cols)


def _seconds(name: str, value: Any) -> Optional[float]:
    """``value`` as seconds (an int or a float) or None, else the QueensatError naming the
    argument; the library refuses a number it takes for no time limit, with the flag's words."""
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, numbers.Real):
        raise QueensatError(f"{name} is a number of seconds, not {value!r}")
    return float(value)


def _index(value: Any) -> Optional[int]:
    """``value`` as an int where it is one (numpy's integers too; not a bool, float or text)."""
    if isinstance(value, bool):
        return None
    try:
        return operator.index(value)
    except TypeError:
        return None


def _cells(cells: Optional[Cells], name: str) -> Optional[str]:
    """Cells as the command line lists them: ``"r,c r,c"``; each cell a pair of whole numbers
    (the command line says what is wrong with a number off the board)."""
    if cells is None or isinstance(cells, str):
        return cells
    if isinstance(cells, (dict, range, bytes)):
        raise QueensatError(f"{name} is a list of (row, col) pairs or a text, not {cells!r}")
    listed = []
    for cell in cells:
        try:
            pair = [_index(x) for x in cell]
        except TypeError:
            pair = []
        if len(pair) != 2 or None in pair:
            raise QueensatError(f"{name}: a cell is a pair of whole numbers (row, col), not {cell!r}")
        listed.append(f"{pair[0]},{pair[1]}")
    return " ".join(listed)


def _counts(name: str, counts: Counts) -> str:
    """Counts as the command line takes them: ``K``, ``A..B`` or ``a,b`` (the command line
    says what is wrong with a negative count)."""
    if isinstance(counts, str):
        return counts
    one = _index(counts)
    if one is not None:
        return str(one)
    if isinstance(counts, range) and counts.step == 1 and len(counts) > 0:
        return f"{counts.start}..{counts.stop - 1}"
    try:
        listed = [_index(k) for k in counts]
    except TypeError:
        listed = []
    if not listed or None in listed:
        raise QueensatError(f"{name} is a count, a range or a list of counts, not {counts!r}")
    return ",".join(map(str, listed))


def _placement(cells: Any) -> List[Cell]:
    return [(int(r), int(c)) for r, c in cells]


class _Bar:
    """Progress on stderr once a call has run for a second: tqdm's bar where tqdm is
    installed, else one line rewritten in place."""

    DELAY = 1.0

    def __init__(self) -> None:
        self.start = time.monotonic()
        self.tqdm: Any = None
        self.what = ""
        self.shown = False

    def __call__(self, what: str, done: int, total: int, notes: List[str]) -> None:
        for line in notes:
            self._line(line)
        if time.monotonic() - self.start < self.DELAY:
            self.what = what
            return
        try:
            from tqdm.auto import tqdm
        except ImportError:
            tqdm = None
        if tqdm is not None:
            if self.tqdm is None or what != self.what:
                self.close()
                self.tqdm = tqdm(desc=what, total=total or None, file=sys.stderr)
            self.tqdm.n = done
            self.tqdm.refresh()
        else:
            of = f"/{total}" if total else ""
            sys.stderr.write(f"\r{what}: {done}{of}   ")
            sys.stderr.flush()
            self.shown = True
        self.what = what

    def _line(self, line: str) -> None:
        if self.tqdm is not None:
            self.tqdm.write(line, file=sys.stderr)
        elif time.monotonic() - self.start >= self.DELAY:
            sys.stderr.write(("\n" if self.shown else "") + line + "\n")
            self.shown = False

    def close(self) -> None:
        if self.tqdm is not None:
            self.tqdm.close()
            self.tqdm = None
        if self.shown:
            sys.stderr.write("\n")
            self.shown = False


def _call(native: Callable[..., T], progress: Progress, *args: Any, **kwargs: Any) -> T:
    """A native call with its progress display; the ``partial`` of a KeyboardInterrupt (or of
    what the progress callback raised) loaded."""
    if not (progress is None or isinstance(progress, bool) or callable(progress)):
        raise QueensatError(f"progress is True, False, None or a callable, not {progress!r}")
    bar = _Bar() if progress is True else None
    kwargs["progress"] = bar if bar is not None else (progress or None)
    try:
        return native(*args, **kwargs)
    except BaseException as e:
        # A TypeError without a partial answer is the native call refusing an argument's type
        # before it ran; one the progress callback raised carries the partial and is the
        # caller's own.
        if isinstance(e, TypeError) and not hasattr(e, "partial"):
            raise QueensatError(_wrong_kind(e, kwargs)) from e
        partial = getattr(e, "partial", None)
        if isinstance(partial, str):
            e.partial = _load(partial)
        raise
    finally:
        if bar is not None:
            bar.close()


def _wrong_kind(e: TypeError, kwargs: Dict[str, Any]) -> str:
    """The message for a native call's ``TypeError`` on an argument (``'int' object is not
    an instance of 'str'``): the argument named where exactly one given has the type it names."""
    said = re.match(r"'(\w+)' object", str(e))
    named = [k for k, v in kwargs.items()
             if said and v is not None and k != "progress" and type(v).__name__ == said[1]]
    if len(named) == 1:
        return f"{named[0]} is of the wrong kind: {e}"
    return f"an argument is of the wrong kind: {e}"


def _load(text: str) -> Any:
    """A command's JSON output: one object, or one per line."""
    lines = [line for line in text.splitlines() if line.strip()]
    if len(lines) == 1:
        return json.loads(lines[0])
    return [json.loads(line) for line in lines]


class Report(List[Dict[str, Any]]):
    """The rows of a study (a list of dicts, for ``pandas.DataFrame``), and in ``report``
    the command's whole JSON report (its options, provenance, how the run ended)."""

    report: Dict[str, Any]

    def __init__(self, rows: Iterable[Dict[str, Any]], report: Dict[str, Any]) -> None:
        super().__init__(rows)
        self.report = report

    @property
    def stopped(self) -> bool:
        """Whether the run stopped before the end (its rows are then not all of them)."""
        return self.report.get("state") == "stopped" or any(
            r.get("stopped") for r in self if isinstance(r, dict)
        )


class _Summarised:
    """An answer of ``Board.solutions`` with the command's summary (``summary``): ``complete``
    is False where ``limit`` cut the run short (its number is a lower bound),
    ``certified`` False where its completeness rests on an external solver's UNSAT answers."""

    summary: Dict[str, Any]

    @property
    def complete(self) -> bool:
        return bool(self.summary["complete"])

    @property
    def certified(self) -> bool:
        return bool(self.summary["certified"])

    def _labels(self) -> Tuple[str, str]:
        """What the command line's ``solutions`` prints around its counts: ``>``/``>=``
        before a lower bound, the proof's label after a count on an external solver's word."""
        at_least = "" if self.complete else "> " if self.summary["more"] else ">= "
        unchecked = "" if self.certified else ", proof: unchecked (external solver's word)"
        return at_least, unchecked


class Count(int, _Summarised):
    """``Board.solutions(count_only=True)``: the number, an int, with the command's summary;
    the repr labels it as the command line's text does where it is not complete or not
    certified. As an int it compares and adds as its number alone (a lower bound ``> 3``
    equals 3, and ``count + 1`` is a plain int): look at ``complete`` first."""

    def __new__(cls, number: int, summary: Dict[str, Any]) -> "Count":
        count = super().__new__(cls, number)
        count.summary = summary
        return count

    def __reduce__(self) -> Tuple[Any, ...]:
        return (Count, (int(self), self.summary))

    def __repr__(self) -> str:
        at_least, unchecked = self._labels()
        if not at_least and not unchecked:
            return int.__repr__(self)
        return f"<count {at_least}{int(self)}{unchecked}>"


class Placements(List[List[Cell]], _Summarised):
    """``Board.solutions()``: the placements, a list, with the command's summary; the repr
    labels a list not known to be all of them."""

    def __init__(self, placements: Iterable[List[Cell]], summary: Dict[str, Any]) -> None:
        super().__init__(placements)
        self.summary = summary

    def __repr__(self) -> str:
        at_least, unchecked = self._labels()
        if not at_least and not unchecked:
            return super().__repr__()
        return f"<{at_least}{len(self)} placements{unchecked}: {super().__repr__()}>"


class Board:
    """A board of ``rows`` x ``cols`` cells with walls (which block lines of attack) and holes
    (cells no queen may take, which block nothing); cells are ``(row, col)``, 0-based, row 0
    at the top. The library checks the board as the command line checks
    ``--rows R --cols C --walls ... --holes ...``; ``walls`` and ``holes`` may also be given
    as the command line's text (``"1,3 2,5"``, ``holes="diagonals"``). A board is fixed once
    made (its calls answer the board loaded) and pickles as its cells."""

    def __init__(self, rows: int, cols: Optional[int] = None, walls: Optional[Cells] = None,
                 holes: Optional[Cells] = None) -> None:
        self._set(_queensat.load_board(*_shape(rows, cols), _cells(walls, "walls"),
                                       _cells(holes, "holes")))

    @classmethod
    def from_file(cls, path: PathArg) -> "Board":
        """The board of a board file (an ASCII grid or JSON), as ``queensat value FILE``
        reads it."""
        board = cls.__new__(cls)
        board._set(_queensat.load_board(file=os.fspath(path)))
        return board

    def _set(self, loaded: Any) -> None:
        self._loaded = loaded
        d = json.loads(loaded.json())
        self._size: Tuple[int, int] = (d["rows"], d["cols"])
        self._walls = tuple(_placement(d["walls"]))
        self._holes = tuple(_placement(d["holes"]))

    # Read-only: the calls answer the board the library loaded, so a changed list of walls
    # would have been drawn and printed but not answered.
    @property
    def rows(self) -> int:
        return self._size[0]

    @property
    def cols(self) -> int:
        return self._size[1]

    @property
    def walls(self) -> List[Cell]:
        return list(self._walls)

    @property
    def holes(self) -> List[Cell]:
        return list(self._holes)

    def __reduce__(self) -> Tuple[Any, ...]:
        # Pickled as its cells (multiprocessing, copy.deepcopy), loaded and checked again.
        return (Board, (self.rows, self.cols, self.walls, self.holes))

    def to_dict(self) -> Dict[str, Any]:
        """The board as the JSON board format has it."""
        return {"rows": self.rows, "cols": self.cols,
                "walls": [list(c) for c in self.walls], "holes": [list(c) for c in self.holes]}

    def __repr__(self) -> str:
        return f"Board({self.rows}, {self.cols}, walls={self.walls!r}, holes={self.holes!r})"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Board) and self.to_dict() == other.to_dict()

    def __hash__(self) -> int:
        return hash(json.dumps(self.to_dict()))

    def svg(self, placement: Optional[Cells] = None) -> str:
        """The SVG picture ``queensat render`` draws: the board and ``placement``, whose
        queens are drawn red where the independent checker finds them attacking."""
        return json.loads(_queensat.render(self._loaded, _cells(placement, "placement")))["svg"]

    def _repr_svg_(self) -> str:
        return self.svg()

    def value(self, *, solver: Optional[str] = None, search: Optional[str] = None,
              amo: Optional[str] = None, counter: Optional[str] = None, lp: bool = True,
              time_limit: Optional[float] = None, certify: bool = False,
              certify_dir: Optional[PathArg] = None, progress: Progress = True) -> "ValueResult":
        """The most non-attacking queens the board admits, an optimal placement (checked) and
        the proof, as ``queensat value --format json`` reports them (the same options, by the
        same names). ``time_limit`` (CPU seconds) may stop the search: the best checked
        placement is returned with ``proved`` False. ``certify``: the optimum also refuted
        one beyond with a proof the built-in checker checks (``certificate``; not with
        ``time_limit``, as ``--certify`` is not with ``--time-limit``)."""
        if certify and time_limit is not None:
            raise QueensatError("time_limit cannot be used with certify "
                                "(the command line's --time-limit with --certify)")
        text = _call(
            _queensat.value, progress, self._loaded, solver=solver, search=search, amo=amo,
            counter=counter, lp=lp, time_limit=_seconds("time_limit", time_limit),
            certify=certify, certify_dir=None if certify_dir is None else os.fspath(certify_dir))
        return ValueResult(self, _load(text), certify)

    @overload
    def solutions(self, unique: bool = ..., count_only: Literal[False] = ..., *,
                  queens: Optional[int] = ..., at_least: Optional[int] = ...,
                  limit: Optional[int] = ..., solver: Optional[str] = ...,
                  breaking: Optional[str] = ..., amo: Optional[str] = ...,
                  counter: Optional[str] = ..., progress: Progress = ...) -> "Placements": ...

    @overload
    def solutions(self, unique: bool = ..., *, count_only: Literal[True],
                  queens: Optional[int] = ..., at_least: Optional[int] = ...,
                  limit: Optional[int] = ..., solver: Optional[str] = ...,
                  breaking: Optional[str] = ..., amo: Optional[str] = ...,
                  counter: Optional[str] = ..., progress: Progress = ...) -> "Count": ...

    @overload
    def solutions(self, unique: bool, count_only: Literal[True], *,
                  queens: Optional[int] = ..., at_least: Optional[int] = ...,
                  limit: Optional[int] = ..., solver: Optional[str] = ...,
                  breaking: Optional[str] = ..., amo: Optional[str] = ...,
                  counter: Optional[str] = ..., progress: Progress = ...) -> "Count": ...

    @overload
    def solutions(self, unique: bool = ..., count_only: bool = ..., *,
                  queens: Optional[int] = ..., at_least: Optional[int] = ...,
                  limit: Optional[int] = ..., solver: Optional[str] = ...,
                  breaking: Optional[str] = ..., amo: Optional[str] = ...,
                  counter: Optional[str] = ...,
                  progress: Progress = ...) -> Union["Count", "Placements"]: ...

    def solutions(self, unique: bool = False, count_only: bool = False, *,
                  queens: Optional[int] = None, at_least: Optional[int] = None,
                  limit: Optional[int] = None, solver: Optional[str] = None,
                  breaking: Optional[str] = None, amo: Optional[str] = None,
                  counter: Optional[str] = None, progress: Progress = True,
                  ) -> Union["Count", "Placements"]:
        """The optimal placements (or of exactly ``queens``, or of ``at_least`` queens), as
        ``queensat solutions`` lists them; ``unique``: one per symmetry class of the board,
        kept by ``breaking`` (``"lex-leader"`` or ``"images"``, ``--break``; only with
        ``unique``). ``count_only``: their number (of classes with ``unique``), a
        :class:`Count`. Both carry the summary and say, as the command line does, a count that
        ``limit`` cut short (``complete`` False) or that rests on an external solver's word
        (``certified`` False). ``solutions_report`` gives the whole JSON (orbit sizes, the
        summary)."""
        lines = self.solutions_report(unique, count_only, queens=queens, at_least=at_least,
                                      limit=limit, solver=solver, breaking=breaking, amo=amo,
                                      counter=counter, progress=progress)
        summary = lines[-1]
        if count_only:
            return Count(summary["classes"] if unique else summary["total"], summary)
        return Placements([_placement(line["queens"]) for line in lines[:-1]], summary)

    def solutions_report(self, unique: bool = False, count_only: bool = False, *,
                         queens: Optional[int] = None, at_least: Optional[int] = None,
                         limit: Optional[int] = None, solver: Optional[str] = None,
                         breaking: Optional[str] = None, amo: Optional[str] = None,
                         counter: Optional[str] = None, progress: Progress = True,
                         ) -> List[Dict[str, Any]]:
        """``queensat solutions --format json`` (with ``--count`` for ``count_only``): one dict
        per placement, then the summary."""
        text = _call(_queensat.solutions, progress, self._loaded, unique=unique,
                     count_only=count_only, queens=_whole("queens", queens),
                     at_least=_whole("at_least", at_least), limit=_whole("limit", limit),
                     solver=solver, breaking=breaking, amo=amo, counter=counter)
        lines = _load(text)
        return lines if isinstance(lines, list) else [lines]

    def armies(self, unique: bool = False, *, encoding: Optional[str] = None,
               solver: Optional[str] = None, time_limit: Optional[float] = None,
               count_seconds: Optional[float] = None, symmetry_breaking: bool = True,
               certify: bool = False, certify_dir: Optional[PathArg] = None,
               progress: Progress = True) -> Dict[str, Any]:
        """Peaceable queen armies: the largest ``m`` such that ``m`` white and ``m`` black
        queens stand on the board with no queen attacking one of the other colour, a checked
        position and the proof, as ``queensat armies --format json`` reports them (``m``,
        ``proved``, ``white``, ``black``, ...); ``unique``: every optimal position up to
        symmetry and colour swap."""
        return _load(_call(_queensat.armies, progress, self._loaded, unique=unique,
                           encoding=encoding, solver=solver,
                           time_limit=_seconds("time_limit", time_limit),
                           count_seconds=_seconds("count_seconds", count_seconds),
                           symmetry_breaking=symmetry_breaking,
                           certify=certify,
                           certify_dir=None if certify_dir is None else os.fspath(certify_dir)))


class ValueResult:
    """A board's value as ``queensat value --format json`` reports it; ``report`` is that JSON
    (``{"value": ..., "certificate": ...}`` with ``certify``). ``refuted``: the checker rejected
    the certificate's proof (where the command exits 1). ``unchecked``: the answer rests on an
    external solver's UNSAT that nothing checked, a proved value's or a stopped search's upper
    bound (the command's text says "unchecked (external solver's word)", as the repr does)."""

    def __init__(self, board: Board, report: Dict[str, Any], certify: bool) -> None:
        self.board = board
        self.report = report
        found = report["value"] if certify else report
        # The JSON names it only where it holds.
        self.unchecked: bool = bool(found.get("unchecked_unsat", False))
        self.certificate: Optional[Dict[str, Any]] = report.get("certificate") if certify else None
        self.value: int = found["value"]
        self.placement: List[Cell] = _placement(found["placement"])
        self.proved: bool = found["proved"]
        self.certified: bool = found["certified"]
        # The checker rejected the certificate's proof (the command exits 1 then).
        self.refuted: bool = self.certificate is not None and not self.certificate["certified"]
        self.upper_bound: int = found["upper_bound"]["bound"]
        self.proof: str = found["proof"]
        self.seconds: float = found["seconds"]

    def _answer(self) -> Tuple[Any, ...]:
        return (self.board, self.value, tuple(self.placement), self.proved, self.certified,
                self.unchecked, self.refuted, self.upper_bound, self.proof)

    # Equal when they answer the same board the same way (how long it took aside).
    def __eq__(self, other: object) -> bool:
        return isinstance(other, ValueResult) and self._answer() == other._answer()

    def __hash__(self) -> int:
        return hash(self._answer())

    def __repr__(self) -> str:
        what = "value" if self.proved else "best found (NOT proved)"
        if self.refuted:
            what += ", certificate REJECTED by the checker"
        label = "unchecked (external solver's word): " if self.unchecked else ""
        return f"<{self.board!r}: {what} {self.value}, {label}{self.proof}>"

    def svg(self) -> str:
        """The board with the placement."""
        return self.board.svg(self.placement)

    def _repr_svg_(self) -> str:
        return self.svg()


def sweep(rows: int, cols: Optional[int] = None, walls: Counts = 1, *,
          output: Optional[PathArg] = None, engine: Optional[str] = None,
          solver: Optional[str] = None, chunk: int = 1000, count_optimal: bool = False,
          cross_check: bool = False, threads: Optional[int] = None,
          progress: Progress = True) -> Report:
    """Every board of the shape with ``walls`` walls (``K``, ``range(a, b)``, a list, or the
    command line's ``"A..B"``), one per symmetry class, each value proved:
    ``queensat sweep --format json``. One dict per wall count (classes, boards, boards by
    value, the maximum and an example); the per-class rows are kept in ``output`` (a folder,
    where a rerun resumes), or in a temporary folder removed afterwards."""
    report = _load(_call(_queensat.sweep, progress, *_shape(rows, cols), _counts("walls", walls),
                         output=None if output is None else os.fspath(output), engine=engine,
                         solver=solver, chunk=_whole("chunk", chunk), count_optimal=count_optimal,
                         cross_check=cross_check, threads=_whole("threads", threads)))
    return Report(report.get("summaries") or [], report)


def least_walls(rows: int, cols: Optional[int] = None, queens: Optional[Counts] = None, *,
                count: bool = False, unique: bool = False, certify: bool = False,
                time_limit: Optional[float] = None, solver: Optional[str] = None,
                search: Optional[str] = None, progress: Progress = True) -> Report:
    """The fewest walls that let ``queens`` queens fit on the board, a witness and the proof:
    ``queensat least-walls --format json``, one dict per queen count. ``count``: also the
    number of least boards (``unique``: of their classes)."""
    report = _load(_call(_queensat.least_walls, progress, *_shape(rows, cols),
                         None if queens is None else _counts("queens", queens), count=count,
                         unique=unique, certify=certify,
                         time_limit=_seconds("time_limit", time_limit), solver=solver,
                         search=search))
    return Report(report["reports"], report)


def nk(size: Counts, walls: Counts, *, methods: Union[str, Sequence[str], None] = None,
       up_to_symmetry: bool = False, output: Optional[PathArg] = None,
       threads: Optional[int] = None, progress: Progress = True) -> Report:
    """N+k queens: the placements of n + k queens and k walls on n x n, counted for each
    ``size`` n and ``walls`` k (``queensat nk --format json``), one dict per count; several
    ``methods`` (``rows``, ``classes``, ``sat``: a list, or the command line's ``"rows,sat"``)
    count each way (``report["methods_agree"]``); ``up_to_symmetry`` adds
    ``count["up_to_symmetry"]["distinct"]``, the configurations up to
    the 8 symmetries of the square (OEIS A103331, A129552, A129554)."""
    if isinstance(methods, str):
        methods = methods.split(",")
    report = _load(_call(_queensat.nk, progress, _counts("size", size), _counts("walls", walls),
                         methods=None if methods is None else list(methods),
                         up_to_symmetry=up_to_symmetry,
                         output=None if output is None else os.fspath(output),
                         threads=_whole("threads", threads)))
    return Report(report["counts"], report)


def puzzles(rows: int, cols: Optional[int] = None, walls: Counts = "2..4", *,
            min_value: int = 0, limit: Optional[int] = None, engine: Optional[str] = None,
            output: Optional[PathArg] = None, progress: Progress = True) -> Report:
    """The interesting puzzles (a unique optimum, every wall needed), one per symmetry class:
    ``queensat puzzles --format json``, one dict per puzzle; ``report["levels"]`` has the
    counts per wall count."""
    if limit == 0:
        raise QueensatError("limit must be at least 1 (--limit 0 is refused)")
    report = _load(_call(_queensat.puzzles, progress, *_shape(rows, cols), _counts("walls", walls),
                         min_value=_whole("min_value", min_value), limit=_whole("limit", limit),
                         engine=engine,
                         output=None if output is None else os.fspath(output)))
    return Report(report["puzzles"], report)


def verify(file: PathArg, *, size: Optional[int] = None,
           claim: Optional[str] = None, boards: Optional[PathArg] = None,
           name: Optional[str] = None, certify: bool = False,
           progress: Progress = True) -> Report:
    """Every claim of a published result file re-checked: ``queensat verify --format json``,
    one dict per row with its verdict (``verdict["refuted"]`` is None for a confirmed row).
    An author's summary (with ``boards``) has no rows: see ``.report``."""
    report = _load(_call(_queensat.verify, progress, os.fspath(file), size=_whole("size", size), claim=claim,
                         boards=None if boards is None else os.fspath(boards), name=name,
                         certify=certify))
    return Report(report.get("rows") or [], report)


def cover(size: Counts, *, amo: Optional[str] = None, solver: Optional[str] = None,
          time_limit: Optional[float] = None, symmetry_breaking: bool = True,
          certify: bool = False, certificates: Optional[PathArg] = None,
          progress: Progress = True) -> Report:
    """Packing and covering the n x n board with n-queens solutions, for each n of ``size``
    (1..12): the most pairwise-disjoint solutions and the fewest that cover every square, each
    optimum proved (``queensat cover --format json``), one dict per size."""
    report = _load(_call(_queensat.cover, progress, _counts("size", size), amo=amo, solver=solver,
                         time_limit=_seconds("time_limit", time_limit),
                         symmetry_breaking=symmetry_breaking,
                         certify=certify,
                         certificates=None if certificates is None else os.fspath(certificates)))
    return Report(report["reports"], report)


def nqueens(n: int, *, method: Optional[str] = None, seed: int = 1, max_memory: int = 2048,
            progress: Progress = True) -> Dict[str, Any]:
    """One solution of n-queens for n up to the millions (min-conflicts or a construction),
    checked: ``queensat nqueens --size N --format json``, with the solution as ``columns``
    (the queen of row r stands in column ``columns[r]``; None when there is none)."""
    return _load(_call(_queensat.nqueens, progress, _whole("n", n), method=method,
                       seed=_whole("seed", seed), max_memory=_whole("max_memory", max_memory)))
