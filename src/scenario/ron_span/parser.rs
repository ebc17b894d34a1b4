//! The RON grammar: values, lists, maps, and the parenthesised tuples and structs.

use super::lexer::{PResult, Parser};
use super::tree::{Kind, Node, Problem};

/// Parses a whole RON document into a [`Node`] tree. Accepts (and ignores) `#![enable(...)]`
/// attributes at the top.
pub fn parse(src: &str) -> PResult<Node> {
    let mut p = Parser::new(src);
    p.skip_ws()?;
    while p.peek() == Some('#') {
        p.skip_attribute()?;
        p.skip_ws()?;
    }
    let node = p.value()?;
    p.skip_ws()?;
    if let Some(c) = p.peek() {
        return Err(p.err(format!("unexpected `{c}` after the end of the document")));
    }
    Ok(node)
}

impl Parser<'_> {
    fn expect(&mut self, c: char, what: &str) -> PResult<()> {
        self.skip_ws()?;
        match self.peek() {
            Some(x) if x == c => {
                self.bump();
                Ok(())
            }
            Some(x) => Err(self.err(format!("expected {what}, found `{x}`"))),
            None => Err(self.err(format!("expected {what}, found the end of the file"))),
        }
    }

    fn value(&mut self) -> PResult<Node> {
        self.skip_ws()?;
        let pos = self.pos();
        let kind = match self.peek() {
            None => return Err(self.err("expected a value, found the end of the file")),
            Some('"') => Kind::Str(self.string()?),
            Some('r') if matches!(self.peek_at(1), Some('"') | Some('#')) => {
                Kind::Str(self.raw_string()?)
            }
            Some('\'') => Kind::Str(self.char_lit()?),
            Some('[') => Kind::List(self.list_items()?),
            Some('{') => Kind::Map(self.map_entries()?),
            Some('(') => self.paren_body(None)?,
            Some(c) if c == '-' || c == '+' || c == '.' || c.is_ascii_digit() => self.number()?,
            Some(c) if c.is_alphabetic() || c == '_' => {
                let ident = self.ident();
                match ident.as_str() {
                    "true" => Kind::Bool(true),
                    "false" => Kind::Bool(false),
                    "inf" | "NaN" => {
                        return Err(Problem {
                            pos,
                            message: format!("`{ident}` is not an accepted number here"),
                        });
                    }
                    _ => {
                        self.skip_ws()?;
                        if self.peek() == Some('(') {
                            self.paren_body(Some(ident))?
                        } else {
                            Kind::Ident(ident)
                        }
                    }
                }
            }
            Some(c) => return Err(self.err(format!("expected a value, found `{c}`"))),
        };
        Ok(Node { pos, kind })
    }

    /// `[a, b, ...]`, at its opening bracket.
    fn list_items(&mut self) -> PResult<Vec<Node>> {
        self.bump();
        let mut items = Vec::new();
        loop {
            self.skip_ws()?;
            if self.peek() == Some(']') {
                self.bump();
                break;
            }
            items.push(self.value()?);
            if !self.comma_or_close(']', "`,` or `]`")? {
                break;
            }
        }
        Ok(items)
    }

    /// `{key: value, ...}`, at its opening brace.
    fn map_entries(&mut self) -> PResult<Vec<(Node, Node)>> {
        self.bump();
        let mut entries = Vec::new();
        loop {
            self.skip_ws()?;
            if self.peek() == Some('}') {
                self.bump();
                break;
            }
            let k = self.value()?;
            self.expect(':', "`:` after a map key")?;
            let v = self.value()?;
            entries.push((k, v));
            if !self.comma_or_close('}', "`,` or `}`")? {
                break;
            }
        }
        Ok(entries)
    }

    /// After an item: consumes `,` (returns true: more may follow) or the closing bracket
    /// (returns false).
    fn comma_or_close(&mut self, close: char, what: &str) -> PResult<bool> {
        self.skip_ws()?;
        match self.peek() {
            Some(',') => {
                self.bump();
                Ok(true)
            }
            Some(c) if c == close => {
                self.bump();
                Ok(false)
            }
            Some(c) => Err(self.err(format!("expected {what}, found `{c}`"))),
            None => Err(self.err(format!("expected {what}, found the end of the file"))),
        }
    }

    /// `( ... )` after an optional name: a struct if the first item is `ident:`, else a tuple.
    fn paren_body(&mut self, name: Option<String>) -> PResult<Kind> {
        self.expect('(', "`(`")?;
        self.skip_ws()?;
        if self.peek() == Some(')') {
            self.bump();
            return Ok(Kind::Tuple(name, Vec::new()));
        }
        if self.looks_like_field() {
            let mut fields = Vec::new();
            loop {
                self.skip_ws()?;
                if self.peek() == Some(')') {
                    self.bump();
                    break;
                }
                let fpos = self.pos();
                if !self.looks_like_field() {
                    return Err(self.err("expected a field name followed by `:`"));
                }
                let fname = self.ident();
                self.expect(':', "`:` after a field name")?;
                let v = self.value()?;
                fields.push((fname, fpos, v));
                if !self.comma_or_close(')', "`,` or `)`")? {
                    break;
                }
            }
            Ok(Kind::Struct(name, fields))
        } else {
            let mut items = Vec::new();
            loop {
                self.skip_ws()?;
                if self.peek() == Some(')') {
                    self.bump();
                    break;
                }
                items.push(self.value()?);
                if !self.comma_or_close(')', "`,` or `)`")? {
                    break;
                }
            }
            Ok(Kind::Tuple(name, items))
        }
    }

    fn looks_like_field(&self) -> bool {
        let mut k = 0;
        match self.peek_at(0) {
            Some(c) if c.is_alphabetic() || c == '_' => {}
            _ => return false,
        }
        while let Some(c) = self.peek_at(k) {
            if c.is_alphanumeric() || c == '_' {
                k += 1;
            } else {
                break;
            }
        }
        while let Some(c) = self.peek_at(k) {
            if c == ' ' || c == '\t' {
                k += 1;
            } else {
                break;
            }
        }
        self.peek_at(k) == Some(':') && self.peek_at(k + 1) != Some(':')
    }
}
