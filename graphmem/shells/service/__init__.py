"""What the service shells (MCP server, REST service) share: rendering results as JSON,
the one table mapping library errors to HTTP statuses, API keys and tokens bound to
users, and a lazily opened store. Every behaviour stays in `Memory`; nothing here runs
a query of its own."""
