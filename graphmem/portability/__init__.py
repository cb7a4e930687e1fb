"""Portability: the export document (`format`), its validation and older versions
(`load`), the import plan with remap and re-arbitration (`plan`), and export, import
and store-to-store copy built on the storage protocol (`transfer`)."""

from graphmem.portability.plan import ImportDecision, ImportReport
from graphmem.portability.transfer import (
    ExportReport,
    MigrateReport,
    copy_store,
    export_user,
    import_user,
    write_export,
)

__all__ = [
    "ExportReport",
    "ImportDecision",
    "ImportReport",
    "MigrateReport",
    "export_user",
    "import_user",
    "copy_store",
    "write_export",
]
