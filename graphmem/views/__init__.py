"""Read-only views of one user's memory: the graph and its writers, the offline HTML
view, Neo4j Browser links and the analyst's named questions."""
