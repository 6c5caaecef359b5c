"""CPU players. They see only their seat's view and draw only from their own `ai` stream;
look-ahead runs in scratch matches and rolls back through the engine's journal."""
