"""Thin shells over `Memory`: the CLI, the REST service, the MCP server, the LangGraph
store, and what the services share. None runs a query of its own."""
