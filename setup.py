"""Only what pyproject.toml cannot say: the repository's cypher/ folder ships inside the
wheel as the data package `graphmem.cypher` (loaded with importlib.resources)."""

from setuptools import find_packages, setup

setup(
    packages=[*find_packages(include=["graphmem", "graphmem.*"]), "graphmem.cypher"],
    package_dir={"graphmem.cypher": "cypher"},
)
