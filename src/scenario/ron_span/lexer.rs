//! Reading a RON document character by character: positions, white space and comments,
//! and the tokens that are values on their own (names, numbers, strings, characters).

use super::tree::{Kind, Pos, Problem};

/// A RON document being read, and where the reading is.
pub(super) struct Parser<'a> {
    chars: Vec<char>,
    i: usize,
    line: usize,
    col: usize,
    _src: &'a str,
}

pub(super) type PResult<T> = Result<T, Problem>;

impl<'a> Parser<'a> {
    pub(super) fn new(src: &'a str) -> Self {
        Parser {
            chars: src.chars().collect(),
            i: 0,
            line: 1,
            col: 1,
            _src: src,
        }
    }
}

impl Parser<'_> {
    pub(super) fn pos(&self) -> Pos {
        Pos {
            line: self.line,
            col: self.col,
        }
    }

    pub(super) fn err(&self, message: impl Into<String>) -> Problem {
        Problem {
            pos: self.pos(),
            message: message.into(),
        }
    }

    pub(super) fn peek(&self) -> Option<char> {
        self.chars.get(self.i).copied()
    }

    pub(super) fn peek_at(&self, k: usize) -> Option<char> {
        self.chars.get(self.i + k).copied()
    }

    pub(super) fn bump(&mut self) -> Option<char> {
        let c = self.chars.get(self.i).copied()?;
        self.i += 1;
        if c == '\n' {
            self.line += 1;
            self.col = 1;
        } else {
            self.col += 1;
        }
        Some(c)
    }

    pub(super) fn skip_ws(&mut self) -> PResult<()> {
        loop {
            match self.peek() {
                Some(c) if c.is_whitespace() => {
                    self.bump();
                }
                Some('/') if self.peek_at(1) == Some('/') => {
                    while let Some(c) = self.peek() {
                        if c == '\n' {
                            break;
                        }
                        self.bump();
                    }
                }
                Some('/') if self.peek_at(1) == Some('*') => {
                    let start = self.pos();
                    self.bump();
                    self.bump();
                    let mut depth = 1;
                    while depth > 0 {
                        match self.bump() {
                            None => {
                                return Err(Problem {
                                    pos: start,
                                    message: "unterminated block comment".into(),
                                });
                            }
                            Some('*') if self.peek() == Some('/') => {
                                self.bump();
                                depth -= 1;
                            }
                            Some('/') if self.peek() == Some('*') => {
                                self.bump();
                                depth += 1;
                            }
                            _ => {}
                        }
                    }
                }
                _ => return Ok(()),
            }
        }
    }

    pub(super) fn skip_attribute(&mut self) -> PResult<()> {
        // #![enable(...)]
        let start = self.pos();
        let mut depth = 0i32;
        while let Some(c) = self.bump() {
            match c {
                '[' => depth += 1,
                ']' => {
                    depth -= 1;
                    if depth == 0 {
                        return Ok(());
                    }
                }
                _ => {}
            }
        }
        Err(Problem {
            pos: start,
            message: "unterminated attribute".into(),
        })
    }

    pub(super) fn ident(&mut self) -> String {
        let mut s = String::new();
        while let Some(c) = self.peek() {
            if c.is_alphanumeric() || c == '_' {
                s.push(c);
                self.bump();
            } else {
                break;
            }
        }
        s
    }

    pub(super) fn number(&mut self) -> PResult<Kind> {
        let start = self.pos();
        let mut s = String::new();
        if let Some(c @ ('-' | '+')) = self.peek() {
            s.push(c);
            self.bump();
        }
        let mut is_float = false;
        while let Some(c) = self.peek() {
            if c.is_ascii_digit() || c == '_' {
                if c != '_' {
                    s.push(c);
                }
                self.bump();
            } else if c == '.' && !is_float {
                is_float = true;
                s.push(c);
                self.bump();
            } else if (c == 'e' || c == 'E') && !s.is_empty() {
                is_float = true;
                s.push(c);
                self.bump();
                if let Some(sign @ ('-' | '+')) = self.peek() {
                    s.push(sign);
                    self.bump();
                }
            } else {
                break;
            }
        }
        if let Some(c) = self.peek()
            && (c.is_alphabetic() || c == '_')
        {
            return Err(self.err(format!("unexpected `{c}` in a number")));
        }
        let bad = || Problem {
            pos: start,
            message: format!("`{s}` is not a valid number"),
        };
        if is_float {
            s.parse::<f64>().map(Kind::Float).map_err(|_| bad())
        } else {
            s.parse::<i64>().map(Kind::Int).map_err(|_| bad())
        }
    }

    pub(super) fn string(&mut self) -> PResult<String> {
        let start = self.pos();
        self.bump(); // opening quote
        let mut s = String::new();
        loop {
            match self.bump() {
                None => {
                    return Err(Problem {
                        pos: start,
                        message: "unterminated string".into(),
                    });
                }
                Some('"') => return Ok(s),
                Some('\\') => s.push(self.escape(start)?),
                Some(c) => s.push(c),
            }
        }
    }

    /// After a `\` in the string that starts at `start`: the character it stands for.
    fn escape(&mut self, start: Pos) -> PResult<char> {
        let epos = self.pos();
        match self.bump() {
            Some('n') => Ok('\n'),
            Some('t') => Ok('\t'),
            Some('r') => Ok('\r'),
            Some('0') => Ok('\0'),
            Some('\\') => Ok('\\'),
            Some('"') => Ok('"'),
            Some('\'') => Ok('\''),
            Some('u') => self.unicode_escape(epos),
            Some(c) => Err(Problem {
                pos: epos,
                message: format!("unknown escape `\\{c}`"),
            }),
            None => Err(Problem {
                pos: start,
                message: "unterminated string".into(),
            }),
        }
    }

    /// After `\u`: `{hex}` or four hex digits; `epos` is where the escape starts.
    fn unicode_escape(&mut self, epos: Pos) -> PResult<char> {
        let mut hex = String::new();
        if self.peek() == Some('{') {
            self.bump();
            while let Some(c) = self.bump() {
                if c == '}' {
                    break;
                }
                hex.push(c);
            }
        } else {
            for _ in 0..4 {
                if let Some(c) = self.bump() {
                    hex.push(c);
                }
            }
        }
        u32::from_str_radix(&hex, 16)
            .ok()
            .and_then(char::from_u32)
            .ok_or_else(|| Problem {
                pos: epos,
                message: format!("invalid unicode escape `{hex}`"),
            })
    }

    pub(super) fn raw_string(&mut self) -> PResult<String> {
        let start = self.pos();
        self.bump(); // r
        let mut hashes = 0;
        while self.peek() == Some('#') {
            hashes += 1;
            self.bump();
        }
        if self.bump() != Some('"') {
            return Err(Problem {
                pos: start,
                message: "malformed raw string".into(),
            });
        }
        let mut s = String::new();
        loop {
            match self.bump() {
                None => {
                    return Err(Problem {
                        pos: start,
                        message: "unterminated raw string".into(),
                    });
                }
                Some('"') => {
                    let mut k = 0;
                    while k < hashes && self.peek_at(k) == Some('#') {
                        k += 1;
                    }
                    if k == hashes {
                        for _ in 0..hashes {
                            self.bump();
                        }
                        return Ok(s);
                    }
                    s.push('"');
                }
                Some(c) => s.push(c),
            }
        }
    }

    pub(super) fn char_lit(&mut self) -> PResult<String> {
        let start = self.pos();
        self.bump();
        let c = self.bump();
        if self.bump() != Some('\'') {
            return Err(Problem {
                pos: start,
                message: "malformed character literal".into(),
            });
        }
        Ok(c.map(String::from).unwrap_or_default())
    }
}
