-- A user's interface language and colour theme, kept on the server so they follow the user to another browser
-- (null: not chosen yet; the browser's own choice stands).
ALTER TABLE users ADD COLUMN language text;
ALTER TABLE users ADD COLUMN theme text;
