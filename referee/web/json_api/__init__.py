"""The JSON API of tables and photos, and its OpenAPI document."""
