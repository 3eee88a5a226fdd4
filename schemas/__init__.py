"""Data shapes at the vault's boundaries: the protobuf item, resource lines, configuration."""
