// N queens with bitmasks: bit r stands for rank r + 1.
// ranks, up and down hold the ranks of this file that the
// queens before it take along their rank and diagonals.
import java.util.StringJoiner;

public class Bits {
    static int n, full, count;
    static int[] x;

    static void solve(int file, int ranks, int up, int down) {
        int free = full & ~(ranks | up | down);
        while (free != 0) {
            int bit = free & -free;
            free ^= bit;
            x[file] = Integer.numberOfTrailingZeros(bit);
            if (file == n - 1) {
                count++;
                print(x);
            } else {
                solve(file + 1, ranks | bit, (up | bit) << 1,
                      (down | bit) >> 1);
            }
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
        full = (1 << n) - 1;
        x = new int[n];
        solve(0, 0, 0, 0);
        System.out.println(count);
    }
}
