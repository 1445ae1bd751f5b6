// Backtrack.java printing its search as events, one println an event, for
// `nqueens compare N FILE`: a square is its file letter and 1-based rank.
public class BacktrackEvents {
    static int n;
    static boolean[] rankUsed, upUsed, downUsed;

    static String square(int file, int rank) {
        return (char) ('a' + file) + "" + (rank + 1);
    }

    static void solve(int file) {
        System.out.println("enter " + (char) ('a' + file));
        for (int rank = 0; rank < n; rank++) {
            int up = file - rank + n - 1, down = file + rank;
            System.out.println("try " + square(file, rank));
            if (rankUsed[rank] || upUsed[up] || downUsed[down]) {
                System.out.println("reject " + square(file, rank));
                continue;
            }
            System.out.println("place " + square(file, rank));
            rankUsed[rank] = upUsed[up] = downUsed[down] = true;
            if (file == n - 1)
                System.out.println("solution");
            else
                solve(file + 1);
            rankUsed[rank] = upUsed[up] = downUsed[down] = false;
            System.out.println("remove " + square(file, rank));
        }
        System.out.println("return " + (char) ('a' + file));
    }

    public static void main(String[] args) {
        n = Integer.parseInt(args[0]);
        rankUsed = new boolean[n];
        upUsed = new boolean[2 * n - 1];
        downUsed = new boolean[2 * n - 1];
        solve(0);
    }
}
