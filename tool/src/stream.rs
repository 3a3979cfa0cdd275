//! Records answered in input order, on any number of threads, in bounded
//! memory: what `sudoku37 solve` streams any size of input with.
//!
//! Records are read one at a time by the record reader ([`sudoku37::text`]),
//! answered on `jobs` threads, and written in input order as soon as they and
//! every earlier one are answered. A bounded window of records in flight
//! keeps memory flat however long the input is, and the output is flushed
//! whenever reading on would wait for input, so that a pipe stays
//! interactive. Each answering thread keeps a state of its own (`solve
//! --time-limit`'s worker process), dropped when the thread ends.

use std::cell::RefCell;
use std::collections::BTreeMap;
use std::io::{self, BufRead, BufReader, Read};
use std::rc::Rc;
use std::sync::mpsc::{self, Receiver, SyncSender, TryRecvError};
use std::sync::{Arc, Mutex};
use std::thread;

use sudoku37::text::{Record, Records};

/// What answers one record, given its thread's state.
type Answerer<S, A> = Arc<dyn Fn(&mut S, Record) -> A + Send + Sync>;

/// Where the answers go, in input order.
pub trait Sink<A> {
    /// Writes one answer.
    fn write(&mut self, answer: &A) -> io::Result<()>;
    /// Shows what is written so far: called before waiting.
    fn flush(&mut self) -> io::Result<()>;
}

/// Answers each record of `source` with `answer` (given the thread's own
/// state) on `jobs` threads, and writes the answers to `sink` in input
/// order. Stops at the first error of the sink, and returns it.
pub fn answer_in_order<S, A>(
    source: Box<dyn Read + Send>,
    jobs: usize,
    answer: impl Fn(&mut S, Record) -> A + Send + Sync + 'static,
    sink: &mut dyn Sink<A>,
) -> io::Result<()>
where
    S: Default + 'static,
    A: Send + 'static,
{
    if jobs <= 1 {
        answer_on_this_thread(source, answer, sink)
    } else {
        answer_on_threads(source, jobs, Arc::new(answer), sink)
    }
}

/// One thread: read, answer and write each record before the next; the
/// sink is flushed whenever the input has nothing buffered, so that an
/// answer is written before the program waits for more input.
fn answer_on_this_thread<S: Default, A>(
    source: Box<dyn Read + Send>,
    answer: impl Fn(&mut S, Record) -> A,
    sink: &mut dyn Sink<A>,
) -> io::Result<()> {
    let sink = RefCell::new(sink);
    let reader = BeforeWaiting::new(source, || {
        // A failed flush shows again on the next write.
        let _ = sink.borrow_mut().flush();
    });
    let mut state = S::default();
    for record in Records::new(reader) {
        let answered = answer(&mut state, record);
        sink.borrow_mut().write(&answered)?;
    }
    let flushed = sink.borrow_mut().flush();
    flushed
}

/// A buffered reader that calls `before_waiting` when its buffer is empty,
/// just before it reads more (and so may wait for input).
struct BeforeWaiting<R, F> {
    reader: BufReader<R>,
    before_waiting: F,
}

impl<R: Read, F: FnMut()> BeforeWaiting<R, F> {
    fn new(source: R, before_waiting: F) -> BeforeWaiting<R, F> {
        BeforeWaiting {
            reader: BufReader::with_capacity(64 * 1024, source),
            before_waiting,
        }
    }
}

impl<R: Read, F: FnMut()> Read for BeforeWaiting<R, F> {
    fn read(&mut self, buffer: &mut [u8]) -> io::Result<usize> {
        if self.reader.buffer().is_empty() {
            (self.before_waiting)();
        }
        self.reader.read(buffer)
    }
}

impl<R: Read, F: FnMut()> BufRead for BeforeWaiting<R, F> {
    fn fill_buf(&mut self) -> io::Result<&[u8]> {
        if self.reader.buffer().is_empty() {
            (self.before_waiting)();
        }
        self.reader.fill_buf()
    }

    fn consume(&mut self, amount: usize) {
        self.reader.consume(amount);
    }
}

/// Records handed to a solving thread at once: few channel operations per
/// record, and still a fair share for each thread.
const BATCH: usize = 32;
/// Batches in flight per solving thread.
const BATCHES_PER_JOB: usize = 8;

/// Consecutive records, numbered from `first`.
struct Batch<T> {
    first: u64,
    items: Vec<T>,
}

/// `jobs` threads: a reader thread groups the records into numbered batches,
/// the solving threads take batches as they come, and this thread prints the
/// answers back in order. A batch is sent only when a ticket is free, and a
/// ticket comes back only when its answers are printed, so at most
/// `jobs * BATCHES_PER_JOB` batches are held at once. The reader sends a
/// batch early when it would otherwise wait for input, so that a pipe stays
/// interactive.
fn answer_on_threads<S, A>(
    source: Box<dyn Read + Send>,
    jobs: usize,
    answer: Answerer<S, A>,
    sink: &mut dyn Sink<A>,
) -> io::Result<()>
where
    S: Default + 'static,
    A: Send + 'static,
{
    let window = jobs.saturating_mul(BATCHES_PER_JOB);
    let (ticket_sender, tickets) = mpsc::sync_channel::<()>(window);
    for _ in 0..window {
        let _ = ticket_sender.send(());
    }
    let (batch_sender, batches) = mpsc::sync_channel::<Batch<Record>>(window);
    let batches = Arc::new(Mutex::new(batches));
    let (answer_sender, answers) = mpsc::channel::<Batch<A>>();

    // The threads are not joined: when the output is closed this thread
    // returns at once, and the process ends with them, even if the reader is
    // waiting on a terminal.
    thread::spawn(move || read_batches(source, tickets, batch_sender));
    for _ in 0..jobs {
        let batches = Arc::clone(&batches);
        let answer_sender = answer_sender.clone();
        let answer = Arc::clone(&answer);
        thread::spawn(move || answer_batches(&*answer, &batches, &answer_sender));
    }
    drop(answer_sender);
    write_in_order(&answers, &ticket_sender, sink)
}

/// Groups the records into batches and sends each when it is full, or when
/// reading on would wait for input.
fn read_batches(
    source: Box<dyn Read + Send>,
    tickets: Receiver<()>,
    sender: SyncSender<Batch<Record>>,
) {
    struct Pending {
        batch: Batch<Record>,
        tickets: Receiver<()>,
        sender: SyncSender<Batch<Record>>,
        closed: bool,
    }
    impl Pending {
        fn send(&mut self) {
            if self.batch.items.is_empty() || self.closed {
                return;
            }
            let next = self.batch.first + self.batch.items.len() as u64;
            let full = std::mem::replace(
                &mut self.batch,
                Batch {
                    first: next,
                    items: Vec::with_capacity(BATCH),
                },
            );
            self.closed = self.tickets.recv().is_err() || self.sender.send(full).is_err();
        }
    }
    let pending = Rc::new(RefCell::new(Pending {
        batch: Batch {
            first: 0,
            items: Vec::with_capacity(BATCH),
        },
        tickets,
        sender,
        closed: false,
    }));
    let before_waiting = Rc::clone(&pending);
    let reader = BeforeWaiting::new(source, move || before_waiting.borrow_mut().send());
    for record in Records::new(reader) {
        let mut pending = pending.borrow_mut();
        pending.batch.items.push(record);
        if pending.batch.items.len() == BATCH {
            pending.send();
        }
        if pending.closed {
            return;
        }
    }
    pending.borrow_mut().send();
}

fn answer_batches<S: Default, A>(
    answer: &(dyn Fn(&mut S, Record) -> A + Send + Sync),
    batches: &Mutex<Receiver<Batch<Record>>>,
    answers: &mpsc::Sender<Batch<A>>,
) {
    let mut state = S::default();
    loop {
        // The lock is held only while taking one batch.
        let next = match batches.lock() {
            Ok(receiver) => receiver.recv(),
            Err(_) => break,
        };
        let Ok(batch) = next else { break };
        let answered = Batch {
            first: batch.first,
            items: batch
                .items
                .into_iter()
                .map(|record| answer(&mut state, record))
                .collect(),
        };
        if answers.send(answered).is_err() {
            break;
        }
    }
}

fn write_in_order<A>(
    answers: &Receiver<Batch<A>>,
    tickets: &SyncSender<()>,
    sink: &mut dyn Sink<A>,
) -> io::Result<()> {
    let mut waiting: BTreeMap<u64, Vec<A>> = BTreeMap::new();
    let mut next = 0u64;
    loop {
        let received = match answers.try_recv() {
            Ok(received) => received,
            Err(TryRecvError::Empty) => {
                // Nothing ready: show what is written so far, then wait.
                sink.flush()?;
                match answers.recv() {
                    Ok(received) => received,
                    Err(_) => break,
                }
            }
            Err(TryRecvError::Disconnected) => break,
        };
        waiting.insert(received.first, received.items);
        while let Some(batch) = waiting.remove(&next) {
            next += batch.len() as u64;
            for answer in &batch {
                sink.write(answer)?;
            }
            let _ = tickets.send(());
        }
    }
    sink.flush()
}
