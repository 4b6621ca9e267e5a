"""Type hints of the extension module (crates/queensat-py): each call returns the JSON text
its command prints with ``--format json``; the ``queensat`` package loads it."""

from os import PathLike
from typing import Callable, List, Optional, Sequence, Union

__version__: str

Progress = Optional[Callable[[str, int, int, List[str]], None]]

class QueensatError(ValueError):
    """Bad input or a failed check, with the command line's message."""

class LoadedBoard:
    """A board the library loaded and checked."""

    def json(self) -> str: ...

def load_board(
    rows: Optional[int] = None,
    cols: Optional[int] = None,
    walls: Optional[str] = None,
    holes: Optional[str] = None,
    file: Optional[Union[str, PathLike[str]]] = None,
) -> LoadedBoard: ...
def render(board: LoadedBoard, placement: Optional[str] = None) -> str: ...
def value(
    board: LoadedBoard,
    *,
    solver: Optional[str] = None,
    search: Optional[str] = None,
    amo: Optional[str] = None,
    counter: Optional[str] = None,
    lp: bool = True,
    time_limit: Optional[float] = None,
    certify: bool = False,
    certify_dir: Optional[Union[str, PathLike[str]]] = None,
    progress: Progress = None,
) -> str: ...
def solutions(
    board: LoadedBoard,
    *,
    unique: bool = False,
    count_only: bool = False,
    queens: Optional[int] = None,
    at_least: Optional[int] = None,
    limit: Optional[int] = None,
    solver: Optional[str] = None,
    breaking: Optional[str] = None,
    amo: Optional[str] = None,
    counter: Optional[str] = None,
    progress: Progress = None,
) -> str: ...
def sweep(
    rows: int,
    cols: int,
    walls: str,
    *,
    output: Optional[Union[str, PathLike[str]]] = None,
    engine: Optional[str] = None,
    solver: Optional[str] = None,
    chunk: int = 1000,
    count_optimal: bool = False,
    cross_check: bool = False,
    threads: Optional[int] = None,
    progress: Progress = None,
) -> str: ...
def least_walls(
    rows: int,
    cols: int,
    queens: Optional[str] = None,
    *,
    count: bool = False,
    unique: bool = False,
    certify: bool = False,
    time_limit: Optional[float] = None,
    solver: Optional[str] = None,
    search: Optional[str] = None,
    progress: Progress = None,
) -> str: ...
def nk(
    size: str,
    walls: str,
    *,
    methods: Optional[Sequence[str]] = None,
    up_to_symmetry: bool = False,
    output: Optional[Union[str, PathLike[str]]] = None,
    threads: Optional[int] = None,
    progress: Progress = None,
) -> str: ...
def puzzles(
    rows: int,
    cols: int,
    walls: str = "2..4",
    *,
    min_value: int = 0,
    limit: Optional[int] = None,
    engine: Optional[str] = None,
    output: Optional[Union[str, PathLike[str]]] = None,
    progress: Progress = None,
) -> str: ...
def verify(
    file: Union[str, PathLike[str]],
    *,
    size: Optional[int] = None,
    claim: Optional[str] = None,
    boards: Optional[Union[str, PathLike[str]]] = None,
    name: Optional[str] = None,
    certify: bool = False,
    progress: Progress = None,
) -> str: ...
def armies(
    board: LoadedBoard,
    *,
    unique: bool = False,
    encoding: Optional[str] = None,
    solver: Optional[str] = None,
    time_limit: Optional[float] = None,
    count_seconds: Optional[float] = None,
    symmetry_breaking: bool = True,
    certify: bool = False,
    certify_dir: Optional[Union[str, PathLike[str]]] = None,
    progress: Progress = None,
) -> str: ...
def cover(
    size: str,
    *,
    amo: Optional[str] = None,
    solver: Optional[str] = None,
    time_limit: Optional[float] = None,
    symmetry_breaking: bool = True,
    certify: bool = False,
    certificates: Optional[Union[str, PathLike[str]]] = None,
    progress: Progress = None,
) -> str: ...
def nqueens(
    n: int,
    *,
    method: Optional[str] = None,
    seed: int = 1,
    max_memory: int = 2048,
    progress: Progress = None,
) -> str: ...
