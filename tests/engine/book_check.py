"""The opening books' positions (the moves from the empty board) and the book moves
with their weights the book must answer there, made by host_tools/fit/book.py
with the books it wrote: do not edit."""

LINES = {
    'go': (9, (
        ('', 'E5:127'),
        ('E5', 'C7:127'),
        ('B5', 'G6:127'),
        ('F2', 'E4:127 G5:127'),
        ('E5 C7', 'E3:127 C3:122'),
        ('B5 G6', 'E5:127 E6:123'),
        ('B5 E5', 'E7:127 G4:112'),
        ('F2 E4', 'D4:127 C4:105'),
        ('F2 G5', 'F6:127'),
        ('E5 C7 E3', 'H6:127'),
        ('E5 C7 C3', 'G7:127'),
        ('B5 G6 E5', 'D3:127'),
        ('B5 G6 E6', 'F5:127'),
        ('B5 E5 E7', 'D6:127'),
        ('B5 E5 G4', 'G6:127 G2:114 F5:107'),
        ('F2 E4 D4', 'D5:127'),
        ('F2 E4 C4', 'C3:127'),
        ('F2 G5 F6', 'E5:127 F5:102'),
        ('F2 G5 G7', 'F6:127'),
    )),
}
