"""Portability: the export document (`format`), its validation and older versions
(`load`), the import plan with remap and re-arbitration (`plan`), and export, import
and store-to-store copy built on the storage protocol (`transfer`)."""

from .plan import ImportDecision, ImportReport
from .transfer import ExportReport, MigrateReport, export_user, fact_text, import_user, migrate, write_export

__all__ = [
    "ExportReport",
    "ImportDecision",
    "ImportReport",
    "MigrateReport",
    "export_user",
    "fact_text",
    "import_user",
    "migrate",
    "write_export",
]
