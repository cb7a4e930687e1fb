MATCH (n:Fact)-[s:SUPERSEDES]->(o:Fact)
WHERE n.user_id = $user_id AND o.user_id = $user_id
RETURN n.id AS new_id, o.id AS old_id, s.rule AS rule, s.at AS at
ORDER BY s.at, s.seq
