// N queens, checking each square by looking along the
// board from it: board[file][rank] is true for a queen.
import java.util.StringJoiner;

public class Scan {
    static int n, count;
    static int[] found; // a solution read off the board
    static boolean[][] board;

    // A queen to the left, step ranks up a file?
    static boolean seen(int file, int rank, int step) {
        int f = file - 1, r = rank + step;
        while (f >= 0 && r >= 0 && r < n) {
            if (board[f][r])
                return true;
            f--;
            r += step;
        }
        return false;
    }

    static boolean safe(int file, int rank) {
        return !seen(file, rank, 0) // along the rank
            && !seen(file, rank, -1) // rising diagonal
            && !seen(file, rank, 1); // falling diagonal
    }

    static void solve(int file) {
        for (int rank = 0; rank < n; rank++) {
            if (!safe(file, rank))
                continue;
            board[file][rank] = true;
            if (file == n - 1) {
                count++;
                for (int f = 0; f < n; f++)
                    for (int r = 0; r < n; r++)
                        if (board[f][r])
                            found[f] = r;
                print(found);
            } else {
                solve(file + 1);
            }
            board[file][rank] = false;
        }
    }

    // A solution, its ranks 1-based by file, as nqueens check reads it.
    static void print(int[] ranks) {
        StringJoiner line = new StringJoiner(" ");
        for (int rank : ranks)
            line.add(String.valueOf(rank + 1));
        System.out.println(line);
    }

    public static void main(String[] args) {
        n = Integer.parseInt(args[0]);
        board = new boolean[n][n];
        found = new int[n];
        solve(0);
        System.out.println(count);
    }
}
